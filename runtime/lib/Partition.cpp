//===- Partition.cpp - A mutable tensor split into disjoint pieces --------===//

#include "tile/runtime/Partition.h"

#include <algorithm>
#include <span>
#include <utility>

using namespace tile::rt;

/// Whether two different index tuples of a tensor of one to three
/// dimensions can name one element: with the dimensions in increasing
/// stride, each stride must pass the reach of the dimensions inside it.
static bool elementsOverlap(const std::vector<int64_t> &shape,
                            const std::vector<int64_t> &strides) {
  // The dimensions by increasing stride: an insertion sort of at most
  // three.
  std::array<size_t, 3> order = {0, 1, 2};
  size_t rank = std::min(shape.size(), order.size());
  for (size_t i = 1; i < rank; ++i)
    for (size_t j = i; j > 0 && strides[order[j]] < strides[order[j - 1]]; --j)
      std::swap(order[j], order[j - 1]);
  int64_t reach = 0;
  for (size_t d : std::span(order.data(), rank)) {
    if (shape[d] <= 1)
      continue;
    if (strides[d] <= reach)
      return true;
    reach += (shape[d] - 1) * strides[d];
  }
  return false;
}

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
  if (elementsOverlap(whole.shape(), whole.strides()))
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
