//===- atomic.h - Outputs that every program updates atomically -*- C++ -*-===//
//
// tile::Atomic is the one output that several programs may write: only
// through atomic read-modify-write updates of its elements, and never read,
// so no program sees another's partial work. A histogram, a split-K product
// and a count per expert write into one.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_ATOMIC_H
#define TILE_KERNEL_ATOMIC_H

#include "tile/kernel/math.h"
#include "tile/kernel/memory.h"
#include "tile/kernel/shape_ops.h"
#include "tile/kernel/tile.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace tile {

/// A mutable tensor of rank Rank (one to three) and element type T that
/// every program of the grid may update, but only atomically and element by
/// element: `add`, `min`, `max`, `bit_and`, `bit_or` and `bit_xor`. A kernel
/// never reads it, so the order in which programs update it changes nothing
/// but the rounding of float sums. Each update takes a tile of values and,
/// for each dimension, a tile of element indices of the same shape, then
/// optionally a bool mask: element i of the values goes to tensor element
/// (index0[i], index1[i], ...) where mask[i] holds. Indices outside the
/// tensor drop their element.
/// `hist.add(tile::full<int32_t, 1024>(1), bins, valid);`
template <class T, int Rank = 1> class Atomic {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double> ||
                    detail::isHalf<T> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, int64_t> || std::is_same_v<T, uint32_t> ||
                    std::is_same_v<T, uint64_t>,
                "atomic output element types are float, double, tile::f16, "
                "tile::bf16, int32_t, int64_t, uint32_t and uint64_t");
  static_assert(Rank >= 1 && Rank <= 3,
                "an atomic output has one to three dimensions");

public:
  /// The element type T.
  using element_type = T;
  /// The number of dimensions.
  static constexpr int rank = Rank;

  /// The contiguous row-major tensor of shape `shape` at `data`.
  Atomic(T *data, std::array<int64_t, Rank> shape)
      : Atomic(data, shape, detail::contiguousStrides(shape)) {}
  /// The tensor of shape `shape` at `data` with strides in elements.
  Atomic(T *data, std::array<int64_t, Rank> shape,
         std::array<int64_t, Rank> strides)
      : elements(data), extents(shape), steps(strides) {}

  /// The tensor's extent along dimension `dim`, a constant from 0 to
  /// Rank-1.
  int64_t size(int dim) const {
    return extents[detail::checkedDimension(dim, Rank)];
  }
  /// The tensor's shape (host mode).
  const std::array<int64_t, Rank> &shape() const { return extents; }
  /// The tensor's strides in elements (host mode).
  const std::array<int64_t, Rank> &strides() const { return steps; }
  /// The tensor's first element (host mode).
  T *data() const { return elements; }

  /// Adds each value to its element; integers wrap around, f16 and bf16
  /// round once per update.
  template <int... S, class... Where>
  void add(const Tile<T, S...> &values, const Where &...where) const {
    update(values, detail::add, where...);
  }
  /// Keeps the smaller of each value and its element (NaN if either is).
  template <int... S, class... Where>
  void min(const Tile<T, S...> &values, const Where &...where) const {
    update(
        values, [](auto x, auto y) { return detail::minimum(x, y); }, where...);
  }
  /// Keeps the larger of each value and its element (NaN if either is).
  template <int... S, class... Where>
  void max(const Tile<T, S...> &values, const Where &...where) const {
    update(
        values, [](auto x, auto y) { return detail::maximum(x, y); }, where...);
  }
  /// Bitwise and of each value into its element (integers only).
  template <int... S, class... Where>
  void bit_and(const Tile<T, S...> &values, const Where &...where) const {
    static_assert(detail::isIntegerElement<T>,
                  "tile::Atomic::bit_and updates integer outputs only");
    update(
        values, [](auto x, auto y) { return x & y; }, where...);
  }
  /// Bitwise or of each value into its element (integers only).
  template <int... S, class... Where>
  void bit_or(const Tile<T, S...> &values, const Where &...where) const {
    static_assert(detail::isIntegerElement<T>,
                  "tile::Atomic::bit_or updates integer outputs only");
    update(
        values, [](auto x, auto y) { return x | y; }, where...);
  }
  /// Bitwise exclusive or of each value into its element (integers only).
  template <int... S, class... Where>
  void bit_xor(const Tile<T, S...> &values, const Where &...where) const {
    static_assert(detail::isIntegerElement<T>,
                  "tile::Atomic::bit_xor updates integer outputs only");
    update(
        values, [](auto x, auto y) { return x ^ y; }, where...);
  }

  /// An atomic output is never stored to: other programs update it too.
  template <class... Args> void store(const Args &...) const {
    static_assert(sizeof...(Args) < 0,
                  "tile::Atomic is written only through its atomic updates "
                  "(add, min, max, bit_and, bit_or, bit_xor); a plain store "
                  "would race with the other programs");
  }
  /// An atomic output is never read: other programs are still updating it.
  template <class... Args> void load(const Args &...) const {
    static_assert(sizeof...(Args) < 0,
                  "tile::Atomic is never read in a kernel: the other "
                  "programs are still updating it; read it after the launch");
  }

private:
  /// Host mode runs one program at a time, so an update is a plain
  /// read-modify-write of each element, in index order.
  template <int... S, class Combine, class... Where>
  void update(const Tile<T, S...> &values, Combine combine,
              const Where &...where) const {
    static_assert(
        detail::IndexedElements<Rank, S...>::template valid<Where...>(),
        "tile::Atomic update: give the values, then one integer "
        "index tile per dimension of the output, each of the "
        "values' shape, then optionally a bool mask tile of that "
        "shape");
    for (int i = 0; i < detail::RowMajor<S...>::size; ++i) {
      std::array<int64_t, sizeof...(Where)> at = {
          detail::whereElement(where, i)...};
      if constexpr (sizeof...(Where) > Rank)
        if (at[Rank] == 0)
          continue;
      int64_t offset = 0;
      bool inside = true;
      for (int d = 0; d < Rank; ++d) {
        inside = inside && at[d] >= 0 && at[d] < extents[d];
        offset += at[d] * steps[d];
      }
      if (!inside)
        continue;
      T &element = elements[offset];
      element = detail::narrow<T>(
          combine(detail::widen(element), detail::widen(values[i])));
    }
  }

  T *elements;
  std::array<int64_t, Rank> extents;
  std::array<int64_t, Rank> steps;
};

} // namespace tile

#endif // TILE_KERNEL_ATOMIC_H
