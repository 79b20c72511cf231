//===- Launch.h - Launching a kernel on partitions and views ----*- C++ -*-===//

#ifndef TILE_RUNTIME_LAUNCH_H
#define TILE_RUNTIME_LAUNCH_H

#include "tile/runtime/DType.h"
#include "tile/runtime/Future.h"
#include "tile/runtime/Kernel.h"
#include "tile/runtime/Partition.h"

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tile::rt {

namespace detail {
/// A launch's arguments, type-erased, with what the checks and the
/// ownership rules need. Everything is borrowed from the call that launches
/// (its arguments live until it returns) and kept in that call's
/// LaunchStorage, so that a launch allocates nothing.
struct LaunchArguments {
  /// The kernel arguments, in order; the first `count` are set.
  std::span<KernelArgRef> args;
  /// Per argument: the tensor (a partition's, or an input), null for a
  /// scalar.
  std::span<const TensorView *> tensors;
  /// Per argument: the partition moved in if it is an output, else null;
  /// their tensors go back through the future.
  std::span<Partition *> partitions;
  /// The number of arguments added so far.
  size_t count = 0;

  /// The arguments added so far.
  std::span<const KernelArgRef> added() const { return args.first(count); }
};

/// The storage of a LaunchArguments for N arguments.
template <size_t N> struct LaunchStorage {
  std::array<KernelArgRef, N> args;
  std::array<const TensorView *, N> tensors{};
  std::array<Partition *, N> partitions{};

  LaunchArguments arguments() { return {args, tensors, partitions}; }
};

/// Adds an output: a partition moved into the launch.
void addArgument(LaunchArguments &launch, Partition &&partition);
/// Adds an input: a tensor, read-only.
void addArgument(LaunchArguments &launch, const TensorView &view);
inline void addArgument(LaunchArguments &launch, const Tensor &tensor) {
  addArgument(launch, tensor.view());
}
/// Adds a scalar, by value.
template <class T,
          class = std::enable_if_t<isDTypeElement<std::remove_cvref_t<T>>>>
void addArgument(LaunchArguments &launch, T value) {
  static_assert(!std::is_same_v<T, bool>, "kernels take no bool scalars");
  launch.args[launch.count++] = ScalarArg::of(dtypeOf<T>(), value);
}

/// Checks the arguments against the kernel's signature and the ownership
/// rules for a launch on `device`, and plans it; throws Error naming the
/// kernel, the parameter and the problem.
LaunchPlan checkLaunch(const Device &device, const Kernel &kernel,
                       const LaunchArguments &launch);

/// Checks the arguments against the kernel's signature and the ownership
/// rules, queues the launch on `stream` and keeps what it uses alive until
/// it has run. Throws Error naming the kernel, the parameter and the
/// problem; nothing is queued then.
void submitLaunch(Stream &stream, const Kernel &kernel,
                  LaunchArguments &launch);

template <class A>
inline constexpr bool isPartition =
    std::is_same_v<std::remove_cvref_t<A>, Partition>;

template <size_t... I>
auto tensorsOf([[maybe_unused]] std::span<Partition *const> outputs,
               std::index_sequence<I...>) {
  return std::make_tuple(std::move(*outputs[I]).unpartition()...);
}

/// The tensors of the partitions among Args: one Tensor, or a tuple.
template <class... Args> auto outputsOf(LaunchArguments &launch) {
  constexpr size_t outputs = (size_t(isPartition<Args>) + ... + 0);
  std::array<Partition *, outputs> taken{};
  size_t next = 0;
  for (Partition *partition : launch.partitions)
    if (partition)
      taken[next++] = partition;
  if constexpr (outputs == 1)
    return std::move(*taken[0]).unpartition();
  else
    return tensorsOf(taken, std::make_index_sequence<outputs>());
}

/// Throws RejectedLaunch with `error`'s message and the partitions moved
/// into `launch` so far.
[[noreturn]] void rejectLaunch(const Error &error, LaunchArguments &launch);

/// Packs `args` as launch() takes them into `launch` and calls `use(launch)`;
/// if either throws Error, throws RejectedLaunch, which gives the partitions
/// back.
template <class Use, class... Args>
void packAndUse(LaunchArguments &launch, Use &&use, Args &&...args) {
  static_assert(
      ((!isPartition<Args> || std::is_rvalue_reference_v<Args &&>)&&...),
      "move a partition into the launch: std::move(partition)");
  try {
    (addArgument(launch, std::forward<Args>(args)), ...);
    use(launch);
  } catch (const Error &error) {
    rejectLaunch(error, launch);
  }
}
} // namespace detail

/// A launch (or graph update) whose arguments were rejected. Nothing was
/// queued, and the tensors of the partitions moved into it come back here
/// untouched: `catch (const RejectedLaunch &e) { y = std::move(
/// e.tensors()[0]); }`.
class RejectedLaunch : public Error {
public:
  RejectedLaunch(const std::string &message, std::vector<Tensor> tensors)
      : Error(message),
        moved(std::make_shared<std::vector<Tensor>>(std::move(tensors))) {}

  /// The partitioned tensors in argument order, to be moved out.
  std::vector<Tensor> &tensors() const { return *moved; }

private:
  // Shared, as exceptions are copied.
  std::shared_ptr<std::vector<Tensor>> moved;
};

/// Launches `kernel` on `stream` with `args`, one per kernel parameter:
/// a Partition (moved in) for each output piece, a Tensor or TensorView
/// (read-only) for each input view, a float, tile::f16, tile::bf16, int32_t
/// or int64_t for each scalar. The grid follows from the partitions. The
/// result is a future of the partitioned tensors (one Tensor, or a tuple of
/// them in order), which come back once the launch has run:
/// `Tensor y2 = launch(stream, saxpy, std::move(y).partition({2048}), x,
///                     2.0f).get();`
/// Throws RejectedLaunch, queuing nothing and holding the partitions'
/// tensors, if the arguments do not fit the kernel:
/// a wrong count, kind, element type or rank; pieces other than the
/// kernel's (they would not cover the tensor exactly); partitions giving
/// different grids; a buffer that is both an output and an input; a tensor
/// on another device.
template <class... Args>
auto launch(Stream &stream, const Kernel &kernel, Args &&...args) {
  detail::LaunchStorage<sizeof...(Args)> storage;
  detail::LaunchArguments launch = storage.arguments();
  detail::packAndUse(
      launch,
      [&](detail::LaunchArguments &packed) {
        detail::submitLaunch(stream, kernel, packed);
      },
      std::forward<Args>(args)...);
  return Future(stream, detail::outputsOf<Args...>(launch));
}

} // namespace tile::rt

#endif // TILE_RUNTIME_LAUNCH_H
