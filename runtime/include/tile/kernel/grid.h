//===- grid.h - Program index and grid size ---------------------*- C++ -*-===//

#ifndef TILE_KERNEL_GRID_H
#define TILE_KERNEL_GRID_H

namespace tile {

namespace detail {
/// Host mode: the program the launcher is running and the grid's size.
struct GridState {
  int programId[3] = {0, 0, 0};
  int numPrograms[3] = {1, 1, 1};
};
inline thread_local GridState gridState;
} // namespace detail

/// The index of this program along grid axis 0, 1 or 2; axis d indexes the
/// pieces of the outputs along their dimension d.
inline int program_id(int axis) { return detail::gridState.programId[axis]; }

/// The number of programs along grid axis 0, 1 or 2.
inline int num_programs(int axis) {
  return detail::gridState.numPrograms[axis];
}

} // namespace tile

#endif // TILE_KERNEL_GRID_H
