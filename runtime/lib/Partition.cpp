//===- Partition.cpp - A mutable tensor split into disjoint pieces --------===//

#include "tile/runtime/Partition.h"

#include <span>
#include <utility>

using namespace tile::rt;

Partition::Partition(Tensor &&moved, std::span<const int64_t> pieceShape)
    : tensor(std::move(moved)) {
  for (int64_t extent : pieceShape)
    piece.push_back(extent);
  const TensorView &whole = tensor.view();
  if (piece.empty() || piece.size() > 3 || int(piece.size()) != whole.rank())
    throw Error("a partition of a tensor of shape " + shapeText(whole.shape()) +
                " needs one piece extent per dimension (one to three), got " +
                shapeText(piece));
  for (int64_t extent : piece)
    if (extent < 1)
      throw Error("pieces of " + shapeText(piece) +
                  ": every extent must be positive");
  if (whole.elementsOverlap())
    throw Error("a tensor whose elements overlap (shape " +
                shapeText(whole.shape()) + ", strides " +
                shapeText(whole.strides()) +
                ") cannot be partitioned: its pieces would not be disjoint");
}

std::array<int64_t, 3> Partition::grid() const {
  std::array<int64_t, 3> programs = {1, 1, 1};
  const std::vector<int64_t> &shape = view().shape();
  for (size_t d = 0; d < piece.size(); ++d)
    programs[d] = (shape[d] + piece[d] - 1) / piece[d];
  return programs;
}

Partition Tensor::partition(std::span<const int64_t> pieceShape) && {
  return Partition(std::move(*this), pieceShape);
}

Partition Tensor::partition(std::initializer_list<int64_t> pieceShape) && {
  return Partition(std::move(*this), pieceShape);
}
