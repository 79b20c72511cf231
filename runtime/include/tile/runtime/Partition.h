//===- Partition.h - A mutable tensor split into disjoint pieces -*- C++
//-*-===//

#ifndef TILE_RUNTIME_PARTITION_H
#define TILE_RUNTIME_PARTITION_H

#include "tile/runtime/InlineVector.h"
#include "tile/runtime/Tensor.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace tile::rt {

/// A mutable tensor moved into pieces of one shape: piece (p0, p1, ...)
/// holds elements [p0 * S0, (p0 + 1) * S0) x ... (partial at the ragged
/// edge). The pieces are disjoint and cover the tensor exactly; a kernel's
/// program p writes piece p, so the grid follows from the partition. A
/// launch takes the partition and gives the tensor back through its future.
class Partition {
public:
  /// Moves `tensor` into pieces of `pieceShape` (one positive extent per
  /// dimension, one to three dimensions); throws Error if the shape does
  /// not fit the tensor or the tensor's elements overlap (strides that
  /// alias), so that its pieces could not be disjoint.
  Partition(Tensor &&tensor, std::span<const int64_t> pieceShape);
  Partition(Tensor &&tensor, std::initializer_list<int64_t> pieceShape)
      : Partition(std::move(tensor),
                  std::span(pieceShape.begin(), pieceShape.size())) {}
  Partition(Partition &&) noexcept = default;
  Partition &operator=(Partition &&) noexcept = default;
  Partition(const Partition &) = delete;
  Partition &operator=(const Partition &) = delete;

  /// The partitioned tensor, read-only.
  const TensorView &view() const { return tensor.view(); }
  /// The shape of every piece.
  std::span<const int64_t> pieceShape() const { return piece; }
  /// Pieces along each dimension: ceil(shape[d] / pieceShape[d]); 1 along
  /// unused axes.
  std::array<int64_t, 3> grid() const;
  /// Gives the tensor back without launching.
  Tensor unpartition() && { return std::move(tensor); }

private:
  Tensor tensor;
  // Inline: partitioning a tensor allocates nothing.
  InlineVector<int64_t, 3> piece;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_PARTITION_H
