//===- AtomicOutput.h - A mutable tensor updated atomically -----*- C++ -*-===//

#ifndef TILE_RUNTIME_ATOMICOUTPUT_H
#define TILE_RUNTIME_ATOMICOUTPUT_H

#include "tile/runtime/Tensor.h"

#include <string>
#include <utility>

namespace tile::rt {

/// A mutable tensor moved whole into a launch, for a kernel's atomic output
/// (a tile::Atomic parameter): every program may update any of its elements,
/// atomically, so it is not split into pieces and gives the launch no grid.
/// Like a partition, it is moved in and the launch's future gives the tensor
/// back: `counts = launch(stream, histogram, x,
/// std::move(counts).atomic()).get();`
class AtomicOutput {
public:
  /// Moves `moved` in; throws Error, leaving it with the caller, for a
  /// tensor of i1, which atomics do not update.
  explicit AtomicOutput(Tensor &&moved) : tensor(checked(moved)) {}
  AtomicOutput(AtomicOutput &&) noexcept = default;
  AtomicOutput &operator=(AtomicOutput &&) noexcept = default;
  AtomicOutput(const AtomicOutput &) = delete;
  AtomicOutput &operator=(const AtomicOutput &) = delete;

  /// The tensor, read-only.
  const TensorView &view() const { return tensor.view(); }
  /// Gives the tensor back without launching.
  Tensor release() && { return std::move(tensor); }

private:
  /// `moved`, to be moved from once it is known to fit.
  static Tensor &&checked(Tensor &moved) {
    if (moved.dtype() == "i1")
      throw Error("a tensor of i1 cannot be an atomic output: atomics update "
                  "f32, f16, bf16, i32 and i64 elements");
    return std::move(moved);
  }

  Tensor tensor;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_ATOMICOUTPUT_H
