// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --emit=ptx | FileCheck %s --check-prefix=PTX
#include <tile/kernel.h>

// TILE_PROGRAM_GROUPS is recorded on the kernel; the GPU code reads the
// grid's extents to place each program.
// CHECK-LABEL: func.func @grouped_copy
// CHECK-SAME: tile.program_groups = 8 : i64
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.program_groups
// PTX-LABEL: .visible .entry grouped_copy(
// PTX: %nctaid.y
// PTX-LABEL: .visible .entry plain(
// PTX-NOT: %nctaid
TILE_KERNEL TILE_PROGRAM_GROUPS(8) void grouped_copy(
    tile::Piece<float, 16, 16> out, tile::View<float, 2> x) {
  out.store(tile::load_like(x, out));
}

TILE_KERNEL void plain(tile::Piece<float, 16, 16> out, tile::View<float, 2> x) {
  out.store(tile::load_like(x, out));
}
