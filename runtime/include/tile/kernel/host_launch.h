//===- host_launch.h - Running a kernel's grid on the CPU -------*- C++ -*-===//

#ifndef TILE_KERNEL_HOST_LAUNCH_H
#define TILE_KERNEL_HOST_LAUNCH_H

#include "tile/kernel/memory.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace tile::host {

/// A mutable tensor to be split into pieces of Shape..., one per program.
template <class T, int... Shape> struct Partition {
  static constexpr int rank = sizeof...(Shape);
  static constexpr std::array<int, rank> pieceShape = {Shape...};
  T *data;
  std::array<int64_t, rank> shape;
  std::array<int64_t, rank> strides;

  /// Programs along each grid axis: ceil(shape / piece shape), 1 beyond the
  /// rank.
  std::array<int64_t, 3> grid() const {
    std::array<int64_t, 3> programs = {1, 1, 1};
    for (int d = 0; d < rank; ++d)
      programs[d] = (shape[d] + pieceShape[d] - 1) / pieceShape[d];
    return programs;
  }
};

/// Partitions a contiguous row-major tensor into pieces of Shape...
template <int... Shape, class T>
Partition<T, Shape...> partition(T *data,
                                 std::array<int64_t, sizeof...(Shape)> shape) {
  return {data, shape, tile::detail::contiguousStrides(shape)};
}

/// Partitions a tensor with explicit strides (in elements).
template <int... Shape, class T>
Partition<T, Shape...>
partition(T *data, std::array<int64_t, sizeof...(Shape)> shape,
          std::array<int64_t, sizeof...(Shape)> strides) {
  return {data, shape, strides};
}

namespace detail {
template <class A> struct IsPartition : std::false_type {};
template <class T, int... S>
struct IsPartition<Partition<T, S...>> : std::true_type {};

/// Builds pieces, which only the launcher may do.
struct Launcher {
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
decltype(auto) argumentFor(A &&arg, const std::array<int64_t, 3> &program) {
  if constexpr (IsPartition<std::decay_t<A>>::value)
    return Launcher::piece(arg, program);
  else
    return std::forward<A>(arg);
}
} // namespace detail

/// Runs `kernel` once per program of the grid, one program after another.
/// Partition arguments become each program's piece; views and scalars are
/// passed as they are. The grid follows from the first partition; every
/// other partition must give the same grid.
template <class Kernel, class... Args>
void launch(Kernel &&kernel, Args &&...args) {
  std::array<int64_t, 3> grid = {0, 0, 0};
  bool found = false;
  auto check = [&](const auto &arg) {
    if constexpr (detail::IsPartition<std::decay_t<decltype(arg)>>::value) {
      std::array<int64_t, 3> own = arg.grid();
      if (!found) {
        grid = own;
        found = true;
      } else if (own != grid) {
        throw std::invalid_argument(
            "tile::host::launch: partitions give different grids (" +
            std::to_string(grid[0]) + "x" + std::to_string(grid[1]) + "x" +
            std::to_string(grid[2]) + " and " + std::to_string(own[0]) + "x" +
            std::to_string(own[1]) + "x" + std::to_string(own[2]) + ")");
      }
    }
  };
  (check(args), ...);
  if (!found)
    throw std::invalid_argument(
        "tile::host::launch: no partition among the arguments; the grid "
        "follows from the output partition");

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
  state = tile::detail::GridState{};
}

} // namespace tile::host

#endif // TILE_KERNEL_HOST_LAUNCH_H
