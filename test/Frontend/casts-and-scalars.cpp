// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Scalars follow C++'s conversions; tiles convert with tile::cast; tiles
// are created with full and iota; loads take tile indices computed from
// program ids.
// CHECK-LABEL: func.func @mix_512(
// CHECK-SAME: %[[OUT:.*]]: !tile.piece<512xbf16>, %[[X:.*]]: !tile.view<?xf16>, %[[K:.*]]: i32)
// CHECK: %[[N:.*]] = tile.num_programs 0 : i32
// CHECK: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : i32
// CHECK: %[[PID:.*]] = tile.program_id 0 : i32
// CHECK: %[[IDX:.*]] = arith.subi %[[LAST]], %[[PID]] : i32
// CHECK: tile.load %[[X]][%[[IDX]]] : <?xf16> -> <512xf16>
// CHECK: tile.cast %{{.*}} : <512xf16> to <512xf32>
// CHECK: %[[KF:.*]] = arith.sitofp %[[K]] : i32 to f32
// CHECK: tile.splat %[[KF]] : f32 -> <512xf32>
// CHECK: tile.iota : <512xi32>
// CHECK: tile.cast %{{.*}} : <512xi32> to <512xf32>
// CHECK: tile.cast %{{.*}} : <512xf32> to <512xbf16>
template <int N>
TILE_KERNEL void mix(tile::Piece<tile::bf16, N> out, tile::View<tile::f16> x,
                     int k) {
  int mirrored = tile::num_programs(0) - 1 - tile::program_id(0);
  auto wide = tile::cast<float>(tile::load<N>(x, mirrored));
  auto scaled = wide * tile::full<float, N>(float(k));
  auto ramp = tile::cast<float>(tile::iota<int, N>());
  out.store(tile::cast<tile::bf16>(scaled + ramp));
}

template void mix<512>(tile::Piece<tile::bf16, 512>, tile::View<tile::f16>,
                       int);
