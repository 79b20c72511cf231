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
                                   AtomicOutput &&atomic) {
  const TensorView &view = atomic.view();
  size_t i = launch.count++;
  launch.args[i] = view.ref();
  launch.tensors[i] = &view;
  launch.atomics[i] = &atomic;
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
  for (size_t i = 0; i < launch.count; ++i)
    if (launch.isOutput(i))
      tensors.push_back(launch.takeOutput(i));
  throw RejectedLaunch(error.what(), std::move(tensors));
}

namespace {

/// How a launch argument was passed.
enum class Passed { Scalar, ReadOnly, Partition, Atomic };

Passed passedAs(const LaunchArguments &launch, size_t i) {
  if (launch.partitions[i])
    return Passed::Partition;
  if (launch.atomics[i])
    return Passed::Atomic;
  return launch.tensors[i] ? Passed::ReadOnly : Passed::Scalar;
}

/// How a tensor parameter of `kind` is passed: what it is, for messages,
/// and the argument it takes, with the call that makes one.
struct Wanted {
  const char *what;
  Passed passed;
  const char *fix;
};

Wanted wantedFor(ParamKind kind) {
  switch (kind) {
  case ParamKind::Piece:
    return {"an output piece", Passed::Partition,
            "move the tensor into a partition (std::move(t).partition(...))"};
  case ParamKind::Atomic:
    return {"an atomic output", Passed::Atomic,
            "move the tensor in whole with std::move(t).atomic(), as every "
            "program may update any of its elements"};
  case ParamKind::InputPiece:
    return {"a read-only input piece", Passed::ReadOnly,
            "pass the tensor or a view of it, which the kernel's tile splits "
            "into pieces"};
  case ParamKind::View:
  case ParamKind::Scalar:
    break;
  }
  return {"a read-only input", Passed::ReadOnly,
          "pass the tensor or a view of it"};
}

const char *passedName(Passed passed) {
  switch (passed) {
  case Passed::ReadOnly:
    return "a read-only tensor";
  case Passed::Partition:
    return "a partition";
  case Passed::Atomic:
    return "an atomic output";
  case Passed::Scalar:
    break;
  }
  return "a scalar";
}

} // namespace

/// Checks what planLaunch does not know about: outputs are moved in as the
/// kind of output their parameter is (partitions for output pieces, atomic
/// outputs for atomic outputs) and inputs are not, partitions have the
/// kernel's pieces, and everything is on the kernel's device.
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
    // A scalar for a tensor, or the reverse: planLaunch names it.
    Passed passed = passedAs(launch, i);
    if (param.kind == ParamKind::Scalar || passed == Passed::Scalar)
      continue;
    Wanted wanted = wantedFor(param.kind);
    if (passed != wanted.passed)
      throw fail(
          where() + " is " + wanted.what + "; got " + passedName(passed) +
          (wanted.passed == Passed::ReadOnly && passed == Passed::Partition
               ? ", which is an output: "
               : ": ") +
          wanted.fix);
    if (!(tensor->device() == kernel.device()))
      throw fail(where() + " is a tensor on " + tensor->device().name() +
                 ", the kernel runs on " + kernel.device().name());
    if (passed != Passed::Partition)
      continue;
    std::span<const int64_t> pieces = launch.partitions[i]->pieceShape();
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
