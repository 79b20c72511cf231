//===- Launch.cpp - Launching a kernel on partitions and views ------------===//

#include "tile/runtime/Launch.h"

using namespace tile::rt;
using namespace tile::rt::detail;

void tile::rt::detail::addArgument(LaunchArguments &launch,
                                   Partition &&partition) {
  launch.args.push_back(partition.view().arg());
  launch.partitionOf.push_back(int(launch.partitions.size()));
  launch.memory.push_back(partition.view().memory());
  launch.partitions.push_back(std::move(partition));
}

void tile::rt::detail::addArgument(LaunchArguments &launch,
                                   const TensorView &view) {
  if (!view.valid())
    throw Error("a launch argument is a tensor that was moved; take it back "
                "from its launch's future");
  launch.args.push_back(view.arg());
  launch.partitionOf.push_back(-1);
  launch.memory.push_back(view.memory());
}

void tile::rt::detail::rejectLaunch(const Error &error,
                                    LaunchArguments &launch) {
  std::vector<Tensor> tensors;
  for (Partition &partition : launch.partitions)
    tensors.push_back(std::move(partition).unpartition());
  throw RejectedLaunch(error.what(), std::move(tensors));
}

/// Checks what planLaunch does not know about: outputs are partitions and
/// inputs are not, partitions have the kernel's pieces, and everything is
/// on the kernel's device.
static void checkOwnership(const Device &device, const Kernel &kernel,
                           const LaunchArguments &launch) {
  const KernelInfo &info = kernel.info();
  auto fail = [&](const std::string &what) {
    return Error("launch of " + info.name + ": " + what);
  };
  if (!(device == kernel.device()))
    throw fail("the kernel is loaded on " + kernel.device().name() +
               ", the stream runs on " + device.name());
  if (launch.args.size() != info.params.size())
    throw fail("expected " + std::to_string(info.params.size()) +
               " arguments, got " + std::to_string(launch.args.size()));
  for (size_t i = 0; i < info.params.size(); ++i) {
    const ParamInfo &param = info.params[i];
    std::string where = "parameter '" + param.name + "'";
    int partition = launch.partitionOf[i];
    if (param.kind == ParamKind::Piece && partition < 0 && launch.memory[i])
      throw fail(where +
                 " is an output piece; got a read-only tensor: move the "
                 "tensor into a partition (std::move(t).partition(...))");
    if (param.kind == ParamKind::View && partition >= 0)
      throw fail(where + " is a read-only input; got a partition, which is "
                         "an output");
    if (launch.memory[i] && !(launch.memory[i]->device() == kernel.device()))
      throw fail(where + " is a tensor on " +
                 launch.memory[i]->device().name() + ", the kernel runs on " +
                 kernel.device().name());
    if (param.kind != ParamKind::Piece || partition < 0)
      continue;
    const std::vector<int64_t> &pieces =
        launch.partitions[size_t(partition)].pieceShape();
    if (pieces != param.tile)
      throw fail(where + " takes pieces of " + shapeText(param.tile) +
                 "; the partition has pieces of " + shapeText(pieces) +
                 ", so the kernel's programs would not cover the tensor "
                 "exactly");
  }
}

LaunchPlan tile::rt::detail::checkLaunch(const Device &device,
                                         const Kernel &kernel,
                                         const LaunchArguments &launch) {
  checkOwnership(device, kernel, launch);
  return planLaunch(kernel.info(), launch.args);
}

void tile::rt::detail::submitLaunch(Stream &stream, const Kernel &kernel,
                                    LaunchArguments &launch) {
  LaunchPlan plan = checkLaunch(stream.device(), kernel, launch);
  bool capturing = stream.capturing();
  if (plan.empty()) {
    if (capturing)
      throw Error("launch of " + kernel.info().name +
                  ": an output with no elements cannot be captured into a "
                  "graph (there is no launch to replay)");
    return;
  }
  stream.backend().launch(kernel.code(), kernel.info(), plan, launch.args);
  if (capturing)
    stream.noteCapturedLaunch(kernel);
  stream.retain(kernel.code());
  for (std::shared_ptr<Memory> &memory : launch.memory)
    if (memory)
      stream.retain(std::move(memory));
}
