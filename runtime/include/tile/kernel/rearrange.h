//===- rearrange.h - Concatenate, slice, pad, shift, roll -------*- C++ -*-===//
//
// Operations that put a tile's elements at other positions: joined with
// another tile, cut out at an offset, surrounded by a fill value, or moved
// along one axis. Offsets and shifts are run-time integers; positions that
// fall outside the source read as zero or as the given fill.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_REARRANGE_H
#define TILE_KERNEL_REARRANGE_H

#include "tile/kernel/tile.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace tile {

namespace detail {
/// Whether the shapes S... and R... are equal (of any ranks).
template <int... S, int... R>
constexpr bool sameShape(std::integer_sequence<int, S...>,
                         std::integer_sequence<int, R...>) {
  if constexpr (sizeof...(S) != sizeof...(R))
    return false;
  else
    return ((S == R) && ...);
}

/// The tile of element type T shaped like S... with dimension Axis doubled.
template <class T, int Axis, int... S> struct Joined {
  template <std::size_t... I>
  static Tile<T, (static_cast<int>(I) == Axis ? 2 * S : S)...>
      make(std::index_sequence<I...>);
  using type = decltype(make(std::make_index_sequence<sizeof...(S)>{}));
};

/// The row-major numbering of a tile type's elements.
template <class TileT> struct RowMajorOf;
template <class T, int... S> struct RowMajorOf<Tile<T, S...>> {
  using type = RowMajor<S...>;
};

/// `value` clamped to [lo, hi]: an offset or a shift beyond a tile's extent
/// means the same as one just past it, and stays clear of overflow.
inline int clampOffset(int64_t value, int lo, int hi) {
  return static_cast<int>(std::clamp<int64_t>(value, lo, hi));
}
} // namespace detail

/// `a` followed by `b` along Axis: two tiles of one shape and element type
/// make one twice as long along Axis.
/// `auto row = tile::cat<1>(left, right);  // 8x32 and 8x32 to 8x64`
template <int Axis, class T, int... S, class U, int... R>
auto cat(const Tile<T, S...> &a, const Tile<U, R...> &b) {
  static_assert(std::is_same_v<T, U>,
                "tile::cat joins tiles of one element type; cast one first");
  static_assert(sizeof...(S) == sizeof...(R),
                "tile::cat joins tiles of one rank; reshape one first");
  static_assert(detail::sameShape(std::integer_sequence<int, S...>{},
                                  std::integer_sequence<int, R...>{}),
                "tile::cat joins tiles of one shape");
  static_assert(Axis >= 0 && Axis < static_cast<int>(sizeof...(S)),
                "tile::cat: axis out of range");
  using Input = detail::RowMajor<S...>;
  using Result = typename detail::Joined<T, Axis, S...>::type;
  using Output = typename detail::RowMajorOf<Result>::type;
  Result result;
  for (int i = 0; i < Input::size; ++i) {
    std::array<int, sizeof...(S)> at = Input::coordinates(i);
    result[Output::flatIndex(at)] = a[i];
    at[Axis] += Input::shape[Axis];
    result[Output::flatIndex(at)] = b[i];
  }
  return result;
}

/// The tile of shape Shape... whose element (j0, ...) is element
/// (offset0 + j0, ...) of `t`; zero where that lies outside `t`. The
/// offsets are integers of any sign and may come from data:
/// `auto window = tile::slice<8, 16>(block, row, col - 1);  // of 32x64`
template <int... Shape, class T, int... S, class... Offset>
Tile<T, Shape...> slice(const Tile<T, S...> &t, Offset... offset) {
  static_assert(sizeof...(Shape) == sizeof...(S),
                "tile::slice<Shape...>(t, offset...): give one result "
                "dimension per dimension of t");
  static_assert(sizeof...(Offset) == sizeof...(S),
                "tile::slice<Shape...>(t, offset...): give one element "
                "offset per dimension of t");
  static_assert((std::is_integral_v<Offset> && ...),
                "tile::slice: element offsets must be integers");
  Tile<T, Shape...> result;
  if constexpr (sizeof...(Shape) == sizeof...(S) &&
                sizeof...(Offset) == sizeof...(S)) {
    using Input = detail::RowMajor<S...>;
    using Result = detail::RowMajor<Shape...>;
    std::array<int, sizeof...(S)> start = {
        detail::clampOffset(static_cast<int64_t>(offset), -Shape, S)...};
    for (int i = 0; i < Result::size; ++i) {
      std::array<int, sizeof...(S)> at = Result::coordinates(i);
      bool inside = true;
      for (int d = 0; d < Input::rank; ++d) {
        at[d] += start[d];
        inside = inside && at[d] >= 0 && at[d] < Input::shape[d];
      }
      if (inside)
        result[i] = t[Input::flatIndex(at)];
    }
  }
  return result;
}

/// `t` at the origin of a tile of the larger (or equal) shape Shape..., with
/// `fill` (of t's element type) everywhere else:
/// `auto wide = tile::pad<8, 64>(t, 0.0f);  // from 8x48`
template <int... Shape, class T, int... S, class F>
Tile<T, Shape...> pad(const Tile<T, S...> &t, F fill) {
  static_assert(sizeof...(Shape) == sizeof...(S),
                "tile::pad<Shape...>(t, fill): give one result dimension per "
                "dimension of t");
  static_assert(std::is_same_v<F, T>,
                "tile::pad: the fill value must be a scalar of the tile's "
                "element type (0.0f for a float tile)");
  static_assert(!detail::isFloat8<T>,
                "tile::pad: 8-bit floats have no scalars to fill with; "
                "bitcast the tile to int8_t first");
  Tile<T, Shape...> result;
  if constexpr (sizeof...(Shape) == sizeof...(S)) {
    static_assert(((Shape >= S) && ...),
                  "tile::pad: every result dimension must be at least the "
                  "input's; use tile::slice to make a tile smaller");
    using Input = detail::RowMajor<S...>;
    using Result = detail::RowMajor<Shape...>;
    for (int i = 0; i < Result::size; ++i) {
      std::array<int, sizeof...(S)> at = Result::coordinates(i);
      bool inside = true;
      for (int d = 0; d < Input::rank; ++d)
        inside = inside && at[d] < Input::shape[d];
      if (inside)
        result[i] = t[Input::flatIndex(at)];
      else
        result[i] = static_cast<T>(fill);
    }
  }
  return result;
}

namespace detail {
/// Checks what tile::shift and tile::roll take; true to go on.
template <int Axis, int Rank, class K> constexpr bool checkShift() {
  constexpr bool inRange = Axis >= 0 && Axis < Rank;
  constexpr bool signedInteger = std::is_integral_v<K> && std::is_signed_v<K>;
  static_assert(inRange, "tile::shift and tile::roll: axis out of range");
  static_assert(signedInteger, "tile::shift and tile::roll: the shift must "
                               "be a signed integer");
  return inRange && signedInteger;
}

/// `t` moved by k along Axis: element i along Axis of the result is element
/// i - k of `t`, modulo the extent when Circular, else `fill` where i - k
/// lies outside.
template <int Axis, bool Circular, class T, int... S>
Tile<T, S...> shifted(const Tile<T, S...> &t, int64_t k, T fill) {
  using Input = RowMajor<S...>;
  constexpr int extent = Input::shape[Axis];
  // Extents are powers of two, so the low bits of k are k modulo the
  // extent, negative k included.
  int by = Circular ? static_cast<int>(static_cast<uint64_t>(k) & (extent - 1))
                    : clampOffset(k, -extent, extent);
  Tile<T, S...> result;
  for (int i = 0; i < Input::size; ++i) {
    std::array<int, sizeof...(S)> at = Input::coordinates(i);
    int from = at[Axis] - by;
    if (Circular)
      from &= extent - 1;
    at[Axis] = from;
    result[i] = from >= 0 && from < extent ? t[Input::flatIndex(at)] : fill;
  }
  return result;
}
} // namespace detail

/// `t` moved by k (a signed integer, may come from data) along Axis:
/// element i along Axis is element i - k of `t`, `fill` (of t's element
/// type) where i - k lies outside, as a stencil's neighbour one to the left:
/// `auto left = tile::shift<1>(row, 1, 0.0f);`
template <int Axis, class T, int... S, class K, class F>
Tile<T, S...> shift(const Tile<T, S...> &t, K k, F fill) {
  static_assert(std::is_same_v<F, T>,
                "tile::shift: the fill value must be a scalar of the tile's "
                "element type (0.0f for a float tile)");
  static_assert(!detail::isFloat8<T>,
                "tile::shift: 8-bit floats have no scalars to fill with; "
                "bitcast the tile to int8_t first");
  if constexpr (detail::checkShift<Axis, sizeof...(S), K>() &&
                std::is_same_v<F, T>)
    return detail::shifted<Axis, false>(t, static_cast<int64_t>(k), fill);
  else
    return t;
}

/// `t` rotated by k (a signed integer, may come from data) along Axis:
/// element i along Axis is element (i - k) modulo the extent of `t`, as
/// torch.roll: `auto next = tile::roll<0>(ring, -1);`
template <int Axis, class T, int... S, class K>
Tile<T, S...> roll(const Tile<T, S...> &t, K k) {
  if constexpr (detail::checkShift<Axis, sizeof...(S), K>())
    return detail::shifted<Axis, true>(t, static_cast<int64_t>(k), T{});
  else
    return t;
}

} // namespace tile

#endif // TILE_KERNEL_REARRANGE_H
