//===- host_launch.h - Running a kernel's grid on the CPU -------*- C++ -*-===//
//
// Host mode: tile::host::launch runs every program of a kernel's grid on the
// calling thread, one after another, handing each program its own pieces of
// the partitioned outputs.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_HOST_LAUNCH_H
#define TILE_KERNEL_HOST_LAUNCH_H

#include "tile/kernel/grid.h"
#include "tile/kernel/memory.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace tile::host {

/// A mutable tensor (data, shape, strides in elements) to be split into
/// pieces of shape Shape..., one per program; tile::host::launch turns it
/// into each program's tile::Piece<T, Shape...>.
template <class T, int... Shape> struct Partition {
  static_assert(sizeof...(Shape) >= 1 && sizeof...(Shape) <= 3,
                "a partition has one to three dimensions");
  static_assert(((Shape > 0) && ...), "piece dimensions must be positive");

  /// The number of dimensions.
  static constexpr int rank = sizeof...(Shape);
  /// The shape of each piece.
  static constexpr std::array<int, rank> pieceShape = {Shape...};

  /// The tensor's first element.
  T *data;
  /// The tensor's shape.
  std::array<int64_t, rank> shape;
  /// The tensor's strides, in elements.
  std::array<int64_t, rank> strides;

  /// The grid: ceil(shape[d] / Shape_d) programs along axis d < rank, 1
  /// along the other axes.
  std::array<int64_t, 3> grid() const {
    std::array<int64_t, 3> programs = {1, 1, 1};
    for (int d = 0; d < rank; ++d)
      programs[d] = (shape[d] + pieceShape[d] - 1) / pieceShape[d];
    return programs;
  }
};

namespace detail {
/// Throws std::invalid_argument unless every extent is non-negative.
template <std::size_t Rank>
void checkShape(const std::array<int64_t, Rank> &shape) {
  for (int64_t extent : shape)
    if (extent < 0)
      throw std::invalid_argument(
          "tile::host::partition: negative tensor extent " +
          std::to_string(extent));
}
} // namespace detail

/// Partitions the contiguous row-major tensor of shape `shape` at `data`
/// into pieces of shape Shape...:
/// `tile::host::partition<1024>(y.data(), {n})`.
template <int... Shape, class T>
Partition<T, Shape...> partition(T *data,
                                 std::array<int64_t, sizeof...(Shape)> shape) {
  detail::checkShape(shape);
  return {data, shape, tile::detail::contiguousStrides(shape)};
}

/// Partitions the tensor of shape `shape` at `data` with explicit strides
/// (in elements) into pieces of shape Shape...:
/// `tile::host::partition<8, 64>(out, {rows, cols}, {pitch, 1})`.
template <int... Shape, class T>
Partition<T, Shape...>
partition(T *data, std::array<int64_t, sizeof...(Shape)> shape,
          std::array<int64_t, sizeof...(Shape)> strides) {
  detail::checkShape(shape);
  return {data, shape, strides};
}

namespace detail {
template <class A> struct IsPartition : std::false_type {};
template <class T, int... S>
struct IsPartition<Partition<T, S...>> : std::true_type {};

/// Whether A (after removing references and const) is a Partition.
template <class A>
inline constexpr bool isPartition = IsPartition<std::remove_cvref_t<A>>::value;

/// Builds pieces, which only the launcher may do.
struct Launcher {
  /// The piece of `partition` that program `program` owns.
  template <class T, int... S>
  static Piece<T, S...> piece(const Partition<T, S...> &partition,
                              const std::array<int64_t, 3> &program) {
    std::array<int64_t, sizeof...(S)> index{};
    for (std::size_t d = 0; d < index.size(); ++d)
      index[d] = program[d];
    return Piece<T, S...>(partition.data, partition.shape, partition.strides,
                          index);
  }
};

/// A partition becomes this program's piece; anything else passes through.
template <class A>
decltype(auto) argumentFor(A &arg, const std::array<int64_t, 3> &program) {
  if constexpr (isPartition<A>)
    return Launcher::piece(arg, program);
  else
    return static_cast<const A &>(arg);
}

inline std::string gridString(const std::array<int64_t, 3> &grid) {
  return std::to_string(grid[0]) + "x" + std::to_string(grid[1]) + "x" +
         std::to_string(grid[2]);
}

/// Restores the thread's grid state when a launch ends, even by exception.
class GridStateScope {
public:
  GridStateScope() : saved(tile::detail::gridState) {}
  GridStateScope(const GridStateScope &) = delete;
  GridStateScope &operator=(const GridStateScope &) = delete;
  ~GridStateScope() { tile::detail::gridState = saved; }

private:
  tile::detail::GridState saved;
};
} // namespace detail

/// Runs `kernel` once per program of the grid, on the calling thread, one
/// program after another (axis 0 fastest; kernels must not rely on the
/// order). Each Partition argument becomes the program's Piece; views and
/// scalars are passed as they are. The grid is that of the first partition;
/// throws std::invalid_argument if there is no partition or another one
/// gives a different grid.
/// `tile::host::launch(saxpy<1024>, tile::host::partition<1024>(y, {n}),
///                     tile::View<float>(x, {n}), 2.0f);`
template <class Kernel, class... Args>
void launch(Kernel &&kernel, Args &&...args) {
  std::array<int64_t, 3> grid = {1, 1, 1};
  bool found = false;
  auto check = [&](const auto &arg) {
    if constexpr (detail::isPartition<decltype(arg)>) {
      std::array<int64_t, 3> own = arg.grid();
      if (!found) {
        grid = own;
        found = true;
      } else if (own != grid) {
        throw std::invalid_argument(
            "tile::host::launch: partitions give different grids (" +
            detail::gridString(grid) + " and " + detail::gridString(own) + ")");
      }
    }
  };
  (check(args), ...);
  if (!found)
    throw std::invalid_argument(
        "tile::host::launch: no tile::host::Partition among the arguments; "
        "the grid follows from the first partitioned output");
  for (int64_t programs : grid)
    if (programs > std::numeric_limits<int>::max())
      throw std::invalid_argument("tile::host::launch: grid " +
                                  detail::gridString(grid) + " is too large");

  detail::GridStateScope scope;
  tile::detail::GridState &state = tile::detail::gridState;
  for (int d = 0; d < 3; ++d)
    state.numPrograms[d] = static_cast<int>(grid[d]);
  std::array<int64_t, 3> program{};
  for (program[2] = 0; program[2] < grid[2]; ++program[2])
    for (program[1] = 0; program[1] < grid[1]; ++program[1])
      for (program[0] = 0; program[0] < grid[0]; ++program[0]) {
        for (int d = 0; d < 3; ++d)
          state.programId[d] = static_cast<int>(program[d]);
        kernel(detail::argumentFor(args, program)...);
      }
}

} // namespace tile::host

#endif // TILE_KERNEL_HOST_LAUNCH_H
