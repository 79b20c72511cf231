//===- Launch.h - Launching a kernel on partitions and views ----*- C++ -*-===//
//
// A launch takes its outputs by move (a Partition per output piece, an
// AtomicOutput per atomic output), its inputs read-only (a Tensor or
// TensorView per input view or input piece) and its scalars by value, and
// gives the outputs' tensors back through a Future once it has run.
//

#ifndef TILE_RUNTIME_LAUNCH_H
#define TILE_RUNTIME_LAUNCH_H

#include "tile/runtime/AtomicOutput.h"
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
  /// Per argument: the tensor (an output's, or an input), null for a
  /// scalar.
  std::span<const TensorView *> tensors;
  /// Per argument: the partition moved in for an output piece, else null.
  std::span<Partition *> partitions;
  /// Per argument: the atomic output moved in, else null.
  std::span<AtomicOutput *> atomics;
  /// The number of arguments added so far.
  size_t count = 0;

  /// The arguments added so far.
  std::span<const KernelArgRef> added() const { return args.first(count); }
  /// Whether argument `i` is an output moved in: a partition or an atomic
  /// output, whose tensor goes back through the future.
  bool isOutput(size_t i) const { return partitions[i] || atomics[i]; }
  /// The tensor of output `i`, taken back.
  Tensor takeOutput(size_t i) {
    return partitions[i] ? std::move(*partitions[i]).unpartition()
                         : std::move(*atomics[i]).release();
  }
};

/// The storage of a LaunchArguments for N arguments.
template <size_t N> struct LaunchStorage {
  std::array<KernelArgRef, N> args;
  std::array<const TensorView *, N> tensors{};
  std::array<Partition *, N> partitions{};
  std::array<AtomicOutput *, N> atomics{};

  LaunchArguments arguments() { return {args, tensors, partitions, atomics}; }
};

/// Adds an output: a partition moved into the launch.
void addArgument(LaunchArguments &launch, Partition &&partition);
/// Adds an output: an atomic output moved into the launch.
void addArgument(LaunchArguments &launch, AtomicOutput &&atomic);
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

/// Whether an argument of type A is an output, moved into the launch: a
/// Partition or an AtomicOutput.
template <class A>
inline constexpr bool isOutput =
    std::is_same_v<std::remove_cvref_t<A>, Partition> ||
    std::is_same_v<std::remove_cvref_t<A>, AtomicOutput>;

template <size_t N, size_t... I>
auto tensorsOf(LaunchArguments &launch,
               [[maybe_unused]] const std::array<size_t, N> &outputs,
               std::index_sequence<I...>) {
  return std::make_tuple(launch.takeOutput(outputs[I])...);
}

/// The tensors of the outputs among Args: one Tensor, or a tuple.
template <class... Args> auto outputsOf(LaunchArguments &launch) {
  constexpr size_t outputs = (size_t(isOutput<Args>) + ... + 0);
  // The outputs' argument indices, in order.
  std::array<size_t, outputs> indices{};
  size_t next = 0;
  for (size_t i = 0; i < launch.count && next < outputs; ++i)
    if (launch.isOutput(i))
      indices[next++] = i;
  if constexpr (outputs == 1)
    return launch.takeOutput(indices[0]);
  else
    return tensorsOf(launch, indices, std::make_index_sequence<outputs>());
}

/// Throws RejectedLaunch with `error`'s message and the outputs moved into
/// `launch` so far.
[[noreturn]] void rejectLaunch(const Error &error, LaunchArguments &launch);

/// Packs `args` as launch() takes them into `launch` and calls `use(launch)`;
/// if either throws Error, throws RejectedLaunch, which gives the outputs
/// back.
template <class Use, class... Args>
void packAndUse(LaunchArguments &launch, Use &&use, Args &&...args) {
  static_assert(((!isOutput<Args> || std::is_rvalue_reference_v<Args &&>)&&...),
                "move a partition or an atomic output into the launch: "
                "std::move(partition)");
  try {
    (addArgument(launch, std::forward<Args>(args)), ...);
    use(launch);
  } catch (const Error &error) {
    rejectLaunch(error, launch);
  }
}
} // namespace detail

/// A launch (or graph update) whose arguments were rejected. Nothing was
/// queued, and the tensors of the outputs (partitions and atomic outputs)
/// moved into it come back here untouched:
/// `catch (const RejectedLaunch &e) { y = std::move(e.tensors()[0]); }`.
class RejectedLaunch : public Error {
public:
  RejectedLaunch(const std::string &message, std::vector<Tensor> tensors)
      : Error(message),
        moved(std::make_shared<std::vector<Tensor>>(std::move(tensors))) {}

  /// The outputs' tensors in argument order, to be moved out.
  std::vector<Tensor> &tensors() const { return *moved; }

private:
  // Shared, as exceptions are copied.
  std::shared_ptr<std::vector<Tensor>> moved;
};

/// Launches `kernel` on `stream` with `args`, one per kernel parameter:
/// a Partition (moved in) for each output piece, an AtomicOutput (moved in:
/// std::move(t).atomic()) for each atomic output, a Tensor or TensorView
/// (read-only) for each input view and each input piece (the kernel's
/// metadata gives the pieces), a float, double, tile::f16, tile::bf16, int32_t
/// or int64_t for each scalar. The grid follows from the first piece, output
/// or input. The result is a future of the outputs' tensors (one Tensor, or
/// a tuple of them in order), which come back once the launch has run:
/// `Tensor y2 = launch(stream, saxpy, std::move(y).partition({2048}), x,
///                     2.0f).get();`
/// Throws RejectedLaunch, queuing nothing and holding the outputs' tensors,
/// if the arguments do not fit the kernel:
/// a wrong count, kind, element type or rank; pieces other than the
/// kernel's (they would not cover the tensor exactly); pieces giving
/// different grids; a buffer that is both an output and an input, or two
/// outputs that share memory; a tensor on another device.
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
