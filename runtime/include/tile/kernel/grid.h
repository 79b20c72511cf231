//===- grid.h - Program index and grid size ---------------------*- C++ -*-===//
//
// A kernel runs once per program of a grid of up to three axes. In host mode
// the launcher keeps the current program in thread-local state.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_GRID_H
#define TILE_KERNEL_GRID_H

#include <stdexcept>

namespace tile {

namespace detail {
/// Host mode: the program the launcher is running and the grid's size.
struct GridState {
  int programId[3] = {0, 0, 0};
  int numPrograms[3] = {1, 1, 1};
};

/// Host mode: the grid state of the launch running on this thread.
inline thread_local GridState gridState;

/// Host mode: `axis`, checked to be 0, 1 or 2.
inline int checkedAxis(int axis) {
  if (axis < 0 || axis > 2)
    throw std::out_of_range("tile: grid axis must be 0, 1 or 2");
  return axis;
}
} // namespace detail

/// The index of this program along grid axis 0, 1 or 2. Program p along axis
/// d owns the piece at index p along dimension d of every output.
inline int program_id(int axis) {
  return detail::gridState.programId[detail::checkedAxis(axis)];
}

/// The number of programs along grid axis 0, 1 or 2 (1 along unused axes).
inline int num_programs(int axis) {
  return detail::gridState.numPrograms[detail::checkedAxis(axis)];
}

} // namespace tile

#endif // TILE_KERNEL_GRID_H
