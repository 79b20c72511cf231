//===- Launch.cpp - Launching a kernel on partitions and views ------------===//

#include "tile/runtime/Launch.h"

#include <algorithm>

using namespace tile::rt;
using namespace tile::rt::detail;

void tile::rt::detail::addArgument(LaunchArguments &launch,
                                   Partition &&partition) {
  const TensorView &view = partition.view();
  size_t i = launch.count++;
  launch.args[i] = view.ref();
  launch.tensors[i] = &view;
  launch.partitions[i] = &partition;
}

void tile::rt::detail::addArgument(LaunchArguments &launch,
                                   const TensorView &view) {
  if (!view.valid())
    throw Error("a launch argument is a tensor that was moved; take it back "
                "from its launch's future");
  size_t i = launch.count++;
  launch.args[i] = view.ref();
  launch.tensors[i] = &view;
}

void tile::rt::detail::rejectLaunch(const Error &error,
                                    LaunchArguments &launch) {
  std::vector<Tensor> tensors;
  for (Partition *partition : launch.partitions.first(launch.count))
    if (partition)
      tensors.push_back(std::move(*partition).unpartition());
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
  if (launch.count != info.params.size())
    throw fail("expected " + std::to_string(info.params.size()) +
               " arguments, got " + std::to_string(launch.count));
  for (size_t i = 0; i < info.params.size(); ++i) {
    const ParamInfo &param = info.params[i];
    // Built only on the way to an error: launches that pass pay nothing.
    auto where = [&] { return "parameter '" + param.name + "'"; };
    const TensorView *tensor = launch.tensors[i];
    const Partition *partition = launch.partitions[i];
    if (param.kind == ParamKind::Piece && !partition && tensor)
      throw fail(where() +
                 " is an output piece; got a read-only tensor: move the "
                 "tensor into a partition (std::move(t).partition(...))");
    if (param.kind == ParamKind::View && partition)
      throw fail(where() + " is a read-only input; got a partition, which is "
                           "an output");
    if (tensor && !(tensor->device() == kernel.device()))
      throw fail(where() + " is a tensor on " + tensor->device().name() +
                 ", the kernel runs on " + kernel.device().name());
    if (param.kind != ParamKind::Piece || !partition)
      continue;
    std::span<const int64_t> pieces = partition->pieceShape();
    if (!std::ranges::equal(pieces, param.tile))
      throw fail(where() + " takes pieces of " + shapeText(param.tile) +
                 "; the partition has pieces of " + shapeText(pieces) +
                 ", so the kernel's programs would not cover the tensor "
                 "exactly");
  }
}

LaunchPlan tile::rt::detail::checkLaunch(const Device &device,
                                         const Kernel &kernel,
                                         const LaunchArguments &launch) {
  checkOwnership(device, kernel, launch);
  return planLaunch(kernel.info(), launch.added());
}

void tile::rt::detail::submitLaunch(Stream &stream, const Kernel &kernel,
                                    LaunchArguments &launch) {
  checkOwnership(stream.device(), kernel, launch);
  stream.launch(kernel, launch.added(), launch.tensors.first(launch.count));
}
