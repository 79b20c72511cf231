//===- tile.h - Value tiles of static shape ---------------------*- C++ -*-===//
//
// tile::Tile, the value type kernels compute with, and the functions that
// create tiles from nothing: full and iota.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_TILE_H
#define TILE_KERNEL_TILE_H

#include "tile/kernel/scalar_types.h"

#include <array>
#include <cstddef>

namespace tile {

namespace detail {
/// Row-major index arithmetic for the static shape Shape...
template <int... Shape> struct RowMajor {
  static constexpr int rank = sizeof...(Shape);
  static constexpr std::array<int, rank> shape = {Shape...};
  static constexpr int size = (Shape * ...);

  /// The coordinates of row-major element `index`.
  static constexpr std::array<int, rank> coordinates(int index) {
    std::array<int, rank> coords{};
    for (int d = rank - 1; d >= 0; --d) {
      coords[d] = index % shape[d];
      index /= shape[d];
    }
    return coords;
  }

  /// The row-major index of `coords`.
  static constexpr int flatIndex(const std::array<int, rank> &coords) {
    int index = 0;
    for (int d = 0; d < rank; ++d)
      index = index * shape[d] + coords[d];
    return index;
  }
};
} // namespace detail

/// A tile: a value of static shape Shape... (one to three dimensions, each
/// a power of two) and element type T (float, double, tile::f16, tile::bf16,
/// tile::f8e4m3, tile::f8e5m2, int8_t, int16_t, int32_t, int64_t, uint8_t,
/// uint16_t, uint32_t, uint64_t or bool),
/// held by one program. Default-constructed tiles are zero.
/// Host mode stores the elements row-major.
template <class T, int... Shape> class Tile {
  static_assert(detail::isElement<T>,
                "tile element types are float, double, tile::f16, "
                "tile::bf16, tile::f8e4m3, tile::f8e5m2, int8_t, int16_t, "
                "int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t and "
                "bool");
  static_assert(sizeof...(Shape) >= 1 && sizeof...(Shape) <= 3,
                "a tile has one to three dimensions");
  static_assert(((Shape > 0) && ...), "tile dimensions must be positive");
  static_assert(((Shape <= 0 || (Shape & (Shape - 1)) == 0) && ...),
                "tile dimensions must be powers of two (1, 2, 4, ...), as on "
                "the GPU: take the next power of two and mask what lies past "
                "the tensor's edge");

public:
  /// The element type T.
  using element_type = T;
  /// The number of dimensions.
  static constexpr int rank = sizeof...(Shape);
  /// The extent of each dimension.
  static constexpr std::array<int, rank> shape = {Shape...};
  /// The number of elements.
  static constexpr int size = (Shape * ...);

  /// Element `flatIndex` in row-major order (host code and tests only; not
  /// part of the language tilecc compiles).
  T &operator[](std::size_t flatIndex) { return elements[flatIndex]; }
  /// Element `flatIndex` in row-major order (host code and tests only).
  const T &operator[](std::size_t flatIndex) const {
    return elements[flatIndex];
  }

private:
  std::array<T, size> elements{};
};

/// A tile whose every element is `value`:
/// `auto ones = tile::full<float, 128>(1.0f);`
template <class T, int... Shape> Tile<T, Shape...> full(T value) {
  Tile<T, Shape...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = value;
  return result;
}

/// The one-dimensional integer tile 0, 1, ..., N-1:
/// `auto lanes = tile::iota<int32_t, 256>();`
template <class T, int N> Tile<T, N> iota() {
  static_assert(detail::isIntegerElement<T>,
                "iota makes integer tiles (int8_t to int64_t)");
  Tile<T, N> result;
  for (int i = 0; i < N; ++i)
    result[i] = static_cast<T>(i);
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_TILE_H
