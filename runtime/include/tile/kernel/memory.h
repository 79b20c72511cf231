//===- memory.h - Input views, output pieces, loads and stores --*- C++ -*-===//
//
// Kernels read tensors through tile::View and write them only through
// tile::Piece, one disjoint piece per program. Host mode keeps the whole
// tensor's pointer, shape and strides, as the kernel ABI passes them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_MEMORY_H
#define TILE_KERNEL_MEMORY_H

#include "tile/kernel/grid.h"
#include "tile/kernel/language_check.h"
#include "tile/kernel/print.h"
#include "tile/kernel/tile.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

namespace tile {

namespace host::detail {
struct Launcher;
} // namespace host::detail

namespace detail {
/// Row-major strides, in elements, of a contiguous tensor of shape `shape`.
template <std::size_t Rank>
constexpr std::array<int64_t, Rank>
contiguousStrides(const std::array<int64_t, Rank> &shape) {
  std::array<int64_t, Rank> strides{};
  int64_t stride = 1;
  for (std::size_t d = Rank; d-- > 0;) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

/// The element coordinates of the first element of the tile of shape S...
/// at tile index `tileIndex`.
template <int... S, std::size_t Rank>
std::array<int64_t, Rank>
tileStart(const std::array<int64_t, Rank> &tileIndex) {
  constexpr std::array<int, Rank> shape = {S...};
  std::array<int64_t, Rank> start{};
  for (std::size_t d = 0; d < Rank; ++d)
    start[d] = tileIndex[d] * shape[d];
  return start;
}

/// Visits the elements of the tile of shape S... whose first element is
/// tensor element `start`: calls `inside(flat, offset)` for each element
/// inside the tensor (offset in elements from the tensor's start) and
/// `outside(flat)` for the others.
template <int... S, std::size_t Rank, class Inside, class Outside>
void forEachTileElement(const std::array<int64_t, Rank> &shape,
                        const std::array<int64_t, Rank> &strides,
                        const std::array<int64_t, Rank> &start, Inside inside,
                        Outside outside) {
  using Layout = RowMajor<S...>;
  static_assert(Layout::rank == Rank);
  for (int i = 0; i < Layout::size; ++i) {
    std::array<int, Rank> coords = Layout::coordinates(i);
    int64_t offset = 0;
    bool isInside = true;
    for (std::size_t d = 0; d < Rank; ++d) {
      int64_t global = start[d] + coords[d];
      isInside = isInside && global >= 0 && global < shape[d];
      offset += global * strides[d];
    }
    if (isInside)
      inside(i, offset);
    else
      outside(i);
  }
}

/// The tile whose first element is element `start` of the tensor (data,
/// shape, strides); zero outside the tensor.
template <int... Shape, class T, std::size_t Rank>
Tile<std::remove_const_t<T>, Shape...>
loadTile(T *data, const std::array<int64_t, Rank> &shape,
         const std::array<int64_t, Rank> &strides,
         const std::array<int64_t, Rank> &start) {
  Tile<std::remove_const_t<T>, Shape...> result;
  forEachTileElement<Shape...>(
      shape, strides, start,
      [&](int i, int64_t offset) { result[i] = data[offset]; },
      [&](int i) { result[i] = std::remove_const_t<T>{}; });
  return result;
}

/// Whether W is an integer index tile of shape S...
template <class W, int... S> struct IsIndexTile : std::false_type {};
template <class I, int... S>
struct IsIndexTile<Tile<I, S...>, S...>
    : std::bool_constant<std::is_same_v<I, int32_t> ||
                         std::is_same_v<I, int64_t>> {};

/// Whether Where... name the elements of a tensor of rank Rank that the
/// elements of a tile of shape S... go to (an atomic update, a scatter):
/// Rank index tiles of shape S..., then at most one bool mask tile of shape
/// S...
template <int Rank, int... S> struct IndexedElements {
  template <class... Where> static constexpr bool valid() {
    constexpr int count = sizeof...(Where);
    if constexpr (count != Rank && count != Rank + 1) {
      return false;
    } else {
      int position = 0;
      bool ok = true;
      ((ok = ok &&
             (position++ < Rank ? IsIndexTile<Where, S...>::value
                                : std::is_same_v<Where, Tile<bool, S...>>)),
       ...);
      return ok;
    }
  }
};

/// Element `i` of `where` as an int64_t: an index tile's element, or 1 or
/// 0 for the mask's.
template <class W> int64_t whereElement(const W &where, int i) {
  if constexpr (std::is_same_v<typename W::element_type, bool>)
    return where[i] ? 1 : 0;
  else
    return static_cast<int64_t>(where[i]);
}

/// `dim` when it is a dimension of a tensor of rank `rank`; tilecc rejects
/// any other, and host mode throws std::out_of_range.
inline int checkedDimension(int dim, int rank) {
  if (dim < 0 || dim >= rank)
    throw std::out_of_range("tile: size() of a dimension outside the "
                            "tensor's rank");
  return dim;
}

/// This program's index along grid axes 0 to Rank-1.
template <std::size_t Rank> std::array<int64_t, Rank> programIndex() {
  std::array<int64_t, Rank> index{};
  for (std::size_t d = 0; d < Rank; ++d)
    index[d] = program_id(static_cast<int>(d));
  return index;
}
} // namespace detail

/// A read-only view of a whole tensor of rank Rank (one to three) with
/// element type T. Kernels read it with tile::load and tile::load_like;
/// nothing can be written through it. Any number of programs may read the
/// same view.
template <class T, int Rank = 1> class View {
  static_assert(detail::isElement<T>,
                "view element types are float, double, tile::f16, "
                "tile::bf16, tile::f8e4m3, tile::f8e5m2, int8_t, int16_t, "
                "int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t and "
                "bool");
  static_assert(Rank >= 1 && Rank <= 3, "a view has one to three dimensions");

public:
  /// The element type T.
  using element_type = T;
  /// The number of dimensions.
  static constexpr int rank = Rank;

  /// A view of the contiguous row-major tensor of shape `shape` at `data`.
  View(const T *data, std::array<int64_t, Rank> shape)
      : View(data, shape, detail::contiguousStrides(shape)) {}
  /// A view of the tensor of shape `shape` at `data` whose element
  /// (i0, i1, ...) lies at data[i0 * strides[0] + i1 * strides[1] + ...].
  View(const T *data, std::array<int64_t, Rank> shape,
       std::array<int64_t, Rank> strides)
      : elements(data), extents(shape), steps(strides) {}

  /// The tensor's extent along dimension `dim`, a constant from 0 to
  /// Rank-1: `int rows = int(x.size(0));`
  int64_t size(int dim) const {
    return extents[detail::checkedDimension(dim, Rank)];
  }
  /// The tensor's shape (host mode).
  const std::array<int64_t, Rank> &shape() const { return extents; }
  /// The tensor's strides in elements (host mode).
  const std::array<int64_t, Rank> &strides() const { return steps; }
  /// The tensor's first element (host mode).
  const T *data() const { return elements; }

private:
  const T *elements;
  std::array<int64_t, Rank> extents;
  std::array<int64_t, Rank> steps;
};

/// An output piece: the one piece, of shape Shape..., of a mutable tensor
/// that this program owns. Program (p0, p1, p2) owns the piece whose element
/// (i0, ...) is tensor element (p0 * Shape0 + i0, ...). It is the only way a
/// kernel writes memory, and it is move-only, so no two programs can write
/// the same elements. At the tensor's ragged edge the piece is partial:
/// loads read zeros there and stores drop those elements.
///
/// With a const element type, `tile::Piece<const T, Shape...>` is an input
/// piece: this program's piece of a tensor it only reads. It has no stores,
/// and like an output piece it gives the grid its extent, so a kernel whose
/// only output is a tile::Atomic still has one program per piece of its
/// input.
template <class T, int... Shape> class Piece {
  static_assert(detail::isElement<std::remove_const_t<T>>,
                "piece element types are float, double, tile::f16, "
                "tile::bf16, tile::f8e4m3, tile::f8e5m2, int8_t, int16_t, "
                "int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t and "
                "bool");
  static_assert(sizeof...(Shape) >= 1 && sizeof...(Shape) <= 3,
                "a piece has one to three dimensions");
  static_assert(((Shape > 0) && ...), "piece dimensions must be positive");

public:
  /// The element type, without const.
  using element_type = std::remove_const_t<T>;
  /// The number of dimensions.
  static constexpr int rank = sizeof...(Shape);
  /// Whether this is an input piece, which the kernel only reads.
  static constexpr bool input = std::is_const_v<T>;
  /// The tile type of the piece's contents.
  using TileType = Tile<element_type, Shape...>;

  /// Pieces move (into the kernel) but are never copied.
  Piece(Piece &&) = default;
  Piece(const Piece &) = delete;
  Piece &operator=(const Piece &) = delete;
  Piece &operator=(Piece &&) = delete;

  /// The extent along dimension `dim` (a constant from 0 to rank-1) of the
  /// whole tensor this piece is part of, not the piece's Shape:
  /// `int n = int(out.size(0));`
  int64_t size(int dim) const {
    return extents[detail::checkedDimension(dim, rank)];
  }

  /// The piece's current contents, zero past the tensor's edge:
  /// `auto y = out.load();`
  TileType load() const {
    return detail::loadTile<Shape...>(elements, extents, steps,
                                      detail::tileStart<Shape...>(position));
  }

  /// Writes `value` into the piece; elements past the tensor's edge are
  /// dropped: `out.store(y + 1.0f);`
  void store(const TileType &value) {
    static_assert(!input, "Piece::store: an input piece (tile::Piece<const "
                          "T, ...>) is only read");
    detail::forEachTileElement<Shape...>(
        extents, steps, detail::tileStart<Shape...>(position),
        [&](int i, int64_t offset) { elements[offset] = value[i]; },
        [](int) {});
  }

  /// Writes `value` as the sub-tile at tile index (index...) of the piece:
  /// its element (k0, ...) becomes piece element (index0 * S0 + k0, ...).
  /// Each S_d divides the piece's dimension d, and each index lies in
  /// [0, Shape_d / S_d): tilecc proves it (or the store is in a TILE_UNSAFE
  /// scope); host mode throws std::out_of_range otherwise. Elements past
  /// the tensor's edge are dropped:
  /// `for (int r = 0; r < 4; ++r) out.store_at(rows, r, 0);`
  template <int... S, class... Index>
  void store_at(const Tile<element_type, S...> &value, Index... index) {
    static_assert(sizeof...(S) == rank && sizeof...(Index) == rank,
                  "Piece::store_at: give a tile of the piece's rank and one "
                  "tile index per dimension");
    TILE_LANGUAGE_CHECK(((Shape % S == 0) && ...),
                        "Piece::store_at: each dimension of the stored tile "
                        "must divide the piece's");
    static_assert((std::is_integral_v<Index> && ...),
                  "Piece::store_at: tile indices must be integers");
    static_assert(!input, "Piece::store_at: an input piece (tile::Piece<"
                          "const T, ...>) is only read");
    constexpr std::array<int, rank> pieceShape = {Shape...};
    constexpr std::array<int, rank> tileShape = {S...};
    std::array<int64_t, rank> tileIndex = {static_cast<int64_t>(index)...};
    for (int d = 0; d < rank; ++d) {
      int64_t count = pieceShape[d] / tileShape[d];
      if (tileIndex[d] < 0 || tileIndex[d] >= count)
        throw std::out_of_range("tile: Piece::store_at index outside the "
                                "piece");
      tileIndex[d] += position[d] * count;
    }
    detail::forEachTileElement<S...>(
        extents, steps, detail::tileStart<S...>(tileIndex),
        [&](int i, int64_t offset) { elements[offset] = value[i]; },
        [](int) {});
  }

  /// The most elements a piece that is scattered into may have: the GPU
  /// settles which element wins a piece element in shared memory, four
  /// bytes per piece element.
  static constexpr int max_scatter_elements = 16384;

  /// A store where data says: element i of `values` goes to piece element
  /// (index0[i], index1[i], ...) where mask[i] holds. Give one index tile
  /// per dimension of the piece (int32_t or int64_t), each of the values'
  /// shape, then optionally a bool mask of that shape. An element whose
  /// indices fall outside the piece, or past the tensor's edge, is dropped:
  /// the compiler inserts that check (`tilecc --list-checks`). Where
  /// several elements name one piece element, the last of them in
  /// row-major order wins, on the GPU as in host mode. Compiled with
  /// TILE_COUNT_DROPPED (tilecc --count-dropped), a program prints how many
  /// elements its scatter dropped outside the piece, where any were:
  /// `out.scatter(kept, slot, keep);`
  template <int... S, class... Where>
  void scatter(const Tile<element_type, S...> &values, const Where &...where) {
    static_assert(!input, "Piece::scatter: an input piece (tile::Piece<"
                          "const T, ...>) is only read");
    static_assert(
        detail::IndexedElements<rank, S...>::template valid<Where...>(),
        "Piece::scatter: give the values, then one integer index tile per "
        "dimension of the piece, each of the values' shape, then optionally "
        "a bool mask tile of that shape");
    static_assert((Shape * ...) <= max_scatter_elements,
                  "Piece::scatter: a piece that is scattered into holds at "
                  "most 16384 elements (Piece::max_scatter_elements)");
    constexpr std::array<int, rank> pieceShape = {Shape...};
    [[maybe_unused]] int32_t dropped = 0;
    for (int i = 0; i < detail::RowMajor<S...>::size; ++i) {
      std::array<int64_t, sizeof...(Where)> at = {
          detail::whereElement(where, i)...};
      if constexpr (sizeof...(Where) > rank)
        if (at[rank] == 0)
          continue;
      int64_t offset = 0;
      bool inPiece = true, inTensor = true;
      for (int d = 0; d < rank; ++d) {
        int64_t element = position[d] * pieceShape[d] + at[d];
        inPiece = inPiece && at[d] >= 0 && at[d] < pieceShape[d];
        inTensor = inTensor && element < extents[d];
        offset += element * steps[d];
      }
      dropped += inPiece ? 0 : 1;
      if (inPiece && inTensor)
        elements[offset] = values[i];
    }
#if defined(TILE_COUNT_DROPPED)
    if (dropped > 0)
      print("Piece::scatter dropped elements outside the piece:", dropped);
#endif
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

/// The tile of shape Shape... at tile index (tileIndex...) of `view`: its
/// element (i0, i1, ...) is tensor element (tileIndex0 * Shape0 + i0, ...);
/// elements outside the tensor read as zero.
/// `auto row = tile::load<1, 256>(x, tile::program_id(0), 0);`
template <int... Shape, class T, int Rank, class... Index>
Tile<T, Shape...> load(const View<T, Rank> &view, Index... tileIndex) {
  static_assert(sizeof...(Shape) == Rank,
                "tile::load<Shape...>(view, index...): give one tile "
                "dimension per view dimension");
  static_assert(sizeof...(Index) == Rank,
                "tile::load<Shape...>(view, index...): give one tile index "
                "per view dimension");
  static_assert((std::is_integral_v<Index> && ...),
                "tile::load: tile indices must be integers");
  return detail::loadTile<Shape...>(
      view.data(), view.shape(), view.strides(),
      detail::tileStart<Shape...>(
          std::array<int64_t, Rank>{static_cast<int64_t>(tileIndex)...}));
}

/// The tile of shape Shape... whose first element is element
/// (offset0, offset1, ...) of `view`: its element (i0, i1, ...) is tensor
/// element (offset0 + i0, ...). Offsets are any integers, so a stencil reads
/// its neighbours at offsets of -1 and +1; elements outside the tensor read
/// as zero.
/// `auto left = tile::load_at<16, 64>(image, row0, col0 - 1);`
template <int... Shape, class T, int Rank, class... Offset>
Tile<T, Shape...> load_at(const View<T, Rank> &view, Offset... offset) {
  static_assert(sizeof...(Shape) == Rank,
                "tile::load_at<Shape...>(view, offset...): give one tile "
                "dimension per view dimension");
  static_assert(sizeof...(Offset) == Rank,
                "tile::load_at<Shape...>(view, offset...): give one element "
                "offset per view dimension");
  static_assert((std::is_integral_v<Offset> && ...),
                "tile::load_at: element offsets must be integers");
  return detail::loadTile<Shape...>(
      view.data(), view.shape(), view.strides(),
      std::array<int64_t, Rank>{static_cast<int64_t>(offset)...});
}

/// Starts bringing the tile that tile::load<Shape...>(view, tileIndex...)
/// would read into the GPU's L2 cache, for a load soon after, without
/// holding registers for it: a kernel that streams a long row can have all
/// of it in flight at once. It changes no value; parts outside the tensor
/// are not fetched, and the shape need not be a power of two. Host mode
/// does nothing.
/// `tile::prefetch<1, 4096>(x, tile::program_id(0), 0);`
template <int... Shape, class T, int Rank, class... Index>
void prefetch(const View<T, Rank> &view, Index... tileIndex) {
  static_assert(sizeof...(Shape) == Rank,
                "tile::prefetch<Shape...>(view, index...): give one tile "
                "dimension per view dimension");
  static_assert(sizeof...(Index) == Rank,
                "tile::prefetch<Shape...>(view, index...): give one tile "
                "index per view dimension");
  static_assert(((Shape > 0) && ...),
                "tile::prefetch: tile dimensions must be positive");
  static_assert((std::is_integral_v<Index> && ...),
                "tile::prefetch: tile indices must be integers");
  (void)view;
  ((void)tileIndex, ...);
}

/// Element (index0, index1, ...) of `view` as a scalar; zero when the
/// element lies outside the tensor, so an index read from data (a token id)
/// never reads out of bounds.
/// `int32_t id = tile::load_scalar(ids, tile::program_id(0));`
template <class T, int Rank, class... Index>
T load_scalar(const View<T, Rank> &view, Index... index) {
  static_assert(sizeof...(Index) == Rank,
                "tile::load_scalar(view, index...): give one index per view "
                "dimension");
  static_assert((std::is_integral_v<Index> && ...),
                "tile::load_scalar: indices must be integers");
  static_assert(!detail::isFloat8<T>,
                "tile::load_scalar: 8-bit floats are a storage type; load a "
                "tile and cast it to float");
  std::array<int64_t, Rank> element = {static_cast<int64_t>(index)...};
  int64_t offset = 0;
  for (int d = 0; d < Rank; ++d) {
    if (element[d] < 0 || element[d] >= view.size(d))
      return T{};
    offset += element[d] * view.strides()[d];
  }
  return view.data()[offset];
}

/// The tile of `view` at the position of this program's piece `piece`: the
/// same as tile::load<Shape...>(view, program_id(0), ...).
/// `auto x = tile::load_like(xs, out);`
template <class T, int Rank, class U, int... Shape>
Tile<T, Shape...> load_like(const View<T, Rank> &view,
                            const Piece<U, Shape...> &piece) {
  static_assert(sizeof...(Shape) == Rank,
                "tile::load_like: the view must have the piece's rank");
  (void)piece;
  return detail::loadTile<Shape...>(
      view.data(), view.shape(), view.strides(),
      detail::tileStart<Shape...>(detail::programIndex<Rank>()));
}

} // namespace tile

#endif // TILE_KERNEL_MEMORY_H
