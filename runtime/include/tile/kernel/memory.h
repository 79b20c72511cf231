//===- memory.h - Input views, output pieces, loads and stores --*- C++ -*-===//

#ifndef TILE_KERNEL_MEMORY_H
#define TILE_KERNEL_MEMORY_H

#include "tile/kernel/grid.h"
#include "tile/kernel/tile.h"

#include <array>
#include <cstdint>

namespace tile {

namespace host::detail {
struct Launcher;
} // namespace host::detail

namespace detail {
/// Row-major strides of a contiguous tensor.
template <std::size_t Rank>
std::array<int64_t, Rank> contiguousStrides(const std::array<int64_t, Rank> &shape) {
  std::array<int64_t, Rank> strides{};
  int64_t stride = 1;
  for (int d = static_cast<int>(Rank) - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

/// Visits the elements of the tile at `tileIndex` of a tensor: calls
/// `inside(flat, offset)` for elements inside the tensor and
/// `outside(flat)` for the others.
template <int... S, std::size_t Rank, class Inside, class Outside>
void forEachTileElement(const std::array<int64_t, Rank> &shape,
                        const std::array<int64_t, Rank> &strides,
                        const std::array<int64_t, Rank> &tileIndex,
                        Inside inside, Outside outside) {
  using T = Tile<char, S...>;
  for (int i = 0; i < T::size; ++i) {
    auto coords = T::coordinates(i);
    int64_t offset = 0;
    bool isInside = true;
    for (std::size_t d = 0; d < Rank; ++d) {
      int64_t global = tileIndex[d] * T::shape[d] + coords[d];
      isInside = isInside && global >= 0 && global < shape[d];
      offset += global * strides[d];
    }
    if (isInside)
      inside(i, offset);
    else
      outside(i);
  }
}
} // namespace detail

/// Forward-declared for detail::loadTile.
template <class T, int Rank = 1> class View;

namespace detail {
/// The tile at `index` of `view`, zeros outside the tensor.
template <int... Shape, class T, int Rank>
Tile<T, Shape...>
loadTile(const View<T, Rank> &view,
         const std::array<int64_t, static_cast<std::size_t>(Rank)> &index) {
  Tile<T, Shape...> result;
  forEachTileElement<Shape...>(
      view.shape(), view.strides(), index,
      [&](int i, int64_t offset) { result[i] = view.data()[offset]; },
      [&](int i) { result[i] = T{}; });
  return result;
}
} // namespace detail

/// A shared, read-only view of a whole tensor of rank Rank. Kernels read it
/// with tile::load and tile::load_like; nothing can be written through it.
template <class T, int Rank> class View {
  static_assert(Rank >= 1 && Rank <= 3, "a view has one to three dimensions");

public:
  using element_type = T;
  static constexpr int rank = Rank;

  /// A view of a contiguous row-major tensor.
  View(const T *data, std::array<int64_t, Rank> shape)
      : View(data, shape, detail::contiguousStrides(shape)) {}
  /// A view with explicit strides, in elements.
  View(const T *data, std::array<int64_t, Rank> shape,
       std::array<int64_t, Rank> strides)
      : elements(data), extents(shape), steps(strides) {}

  int64_t size(int dim) const { return extents[dim]; }
  const std::array<int64_t, Rank> &shape() const { return extents; }
  const std::array<int64_t, Rank> &strides() const { return steps; }
  const T *data() const { return elements; }

private:
  const T *elements;
  std::array<int64_t, Rank> extents;
  std::array<int64_t, Rank> steps;
};

/// One disjoint piece, of shape Shape..., of a mutable tensor partitioned by
/// the host; program (p0, p1, p2) owns the piece at tile index (p0, p1, p2).
/// The only thing a kernel can write. Move-only: it cannot be copied, so no
/// two programs can hold the same piece. At the tensor's ragged edge the
/// piece is partial: loads read zeros there and stores drop those elements.
template <class T, int... Shape> class Piece {
public:
  using element_type = T;
  static constexpr int rank = sizeof...(Shape);
  using TileType = Tile<T, Shape...>;

  Piece(Piece &&) = default;
  Piece(const Piece &) = delete;
  Piece &operator=(const Piece &) = delete;
  Piece &operator=(Piece &&) = delete;

  /// The piece's current contents (for in-place updates).
  TileType load() const {
    TileType result;
    detail::forEachTileElement<Shape...>(
        extents, steps, position,
        [&](int i, int64_t offset) { result[i] = elements[offset]; },
        [&](int i) { result[i] = T{}; });
    return result;
  }

  /// Writes `value` into the piece.
  void store(const TileType &value) {
    detail::forEachTileElement<Shape...>(
        extents, steps, position,
        [&](int i, int64_t offset) { elements[offset] = value[i]; },
        [](int) {});
  }

private:
  friend struct host::detail::Launcher;
  Piece(T *data, std::array<int64_t, rank> shape,
        std::array<int64_t, rank> strides, std::array<int64_t, rank> index)
      : elements(data), extents(shape), steps(strides), position(index) {}

  T *elements;
  std::array<int64_t, rank> extents;
  std::array<int64_t, rank> steps;
  std::array<int64_t, rank> position;
};

/// The tile of `view` at tile coordinates `tileIndex...`: element (i0, ...)
/// is tensor element (tileIndex0 * Shape0 + i0, ...); elements outside the
/// tensor read as zero.
template <int... Shape, class T, int Rank, class... Index>
Tile<T, Shape...> load(const View<T, Rank> &view, Index... tileIndex) {
  static_assert(sizeof...(Shape) == Rank && sizeof...(Index) == Rank,
                "load takes one tile dimension and one tile index per view "
                "dimension");
  Tile<T, Shape...> result;
  return detail::loadTile<Shape...>(
      view, std::array<int64_t, Rank>{static_cast<int64_t>(tileIndex)...});
}

/// The tile of `view` at the position of this program's piece `piece`.
template <class T, int Rank, class U, int... Shape>
Tile<T, Shape...> load_like(const View<T, Rank> &view,
                            const Piece<U, Shape...> &piece) {
  static_assert(sizeof...(Shape) == Rank,
                "load_like needs a view of the piece's rank");
  (void)piece;
  std::array<int64_t, Rank> index{};
  for (int d = 0; d < Rank; ++d)
    index[d] = program_id(d);
  return detail::loadTile<Shape...>(view, index);
}

} // namespace tile

#endif // TILE_KERNEL_MEMORY_H
