//===- tile.h - Value tiles of static shape ---------------------*- C++ -*-===//

#ifndef TILE_KERNEL_TILE_H
#define TILE_KERNEL_TILE_H

#include <array>
#include <cstddef>

namespace tile {

/// A tile: an immutable-by-convention value of static shape (one to three
/// dimensions) held by one program. Host mode stores it row-major.
template <class T, int... Shape> class Tile {
  static_assert(sizeof...(Shape) >= 1 && sizeof...(Shape) <= 3,
                "a tile has one to three dimensions");
  static_assert(((Shape > 0) && ...), "tile dimensions must be positive");

public:
  using element_type = T;
  static constexpr int rank = sizeof...(Shape);
  static constexpr std::array<int, rank> shape = {Shape...};
  static constexpr int size = (Shape * ...);

  /// Element access by row-major index, for host code and tests.
  T &operator[](std::size_t index) { return elements[index]; }
  const T &operator[](std::size_t index) const { return elements[index]; }

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

private:
  std::array<T, size> elements{};
};

/// A tile whose every element is `value`.
template <class T, int... Shape> Tile<T, Shape...> full(T value) {
  Tile<T, Shape...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = value;
  return result;
}

/// The one-dimensional tile 0, 1, ..., N-1 of an integer type.
template <class T, int N> Tile<T, N> iota() {
  static_assert(std::is_integral_v<T>, "iota makes integer tiles");
  Tile<T, N> result;
  for (int i = 0; i < N; ++i)
    result[i] = static_cast<T>(i);
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_TILE_H
