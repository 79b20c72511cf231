// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: tilecc %s --emit=manifest -o %t.json --cache-dir %t.cache && FileCheck %s --check-prefix=META --input-file=%t.json
#include <tile/kernel.h>

// TILE_PERSISTENT is recorded on the kernel; the GPU code takes the piece
// grid after the kernel's parameters and loops over the pieces its program
// is given, and the metadata tells the runtime how many programs to start.
// CHECK-LABEL: func.func @walking_copy
// CHECK-SAME: tile.persistent = 4 : i64
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.persistent
// PTX-LABEL: .visible .entry walking_copy(
// PTX: .param .u64 walking_copy_param_9,
// PTX-NEXT: .param .u32 walking_copy_param_10,
// PTX-NEXT: .param .u32 walking_copy_param_11,
// PTX-NEXT: .param .u32 walking_copy_param_12
// PTX-NEXT: )
// PTX: bar.sync
// PTX-LABEL: .visible .entry plain(
// PTX-NOT: .u32 plain_param
// PTX-NOT: bar.sync
// PTX: ret;
TILE_KERNEL TILE_PERSISTENT(4) void walking_copy(
    tile::Piece<float, 16, 16> out, tile::View<float, 2> x) {
  out.store(tile::load_like(x, out));
}

TILE_KERNEL void plain(tile::Piece<float, 16, 16> out, tile::View<float, 2> x) {
  out.store(tile::load_like(x, out));
}
// META: "persistent": 4
