// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// CHECK-LABEL: func.func @axpby_256(
// CHECK-SAME: %[[OUT:.*]]: !tile.piece<256xf32>, %[[X:.*]]: !tile.view<?xf32>, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-SAME: tile.arg_names = ["out", "x", "a", "b"], tile.kernel, tile.name = "axpby<256>"
// CHECK: %[[PID:.*]] = tile.program_id 0 : i32
// CHECK: %[[XT:.*]] = tile.load %[[X]][%[[PID]]] : <?xf32> -> <256xf32>
// CHECK: %[[AS:.*]] = tile.splat %[[A]] : f32 -> <256xf32>
// CHECK: %[[AX:.*]] = tile.mul %[[AS]], %[[XT]]
// CHECK: %[[Y:.*]] = tile.load_piece %[[OUT]] : <256xf32> -> <256xf32>
// CHECK: %[[BS:.*]] = tile.splat %[[B]]
// CHECK: %[[YB:.*]] = tile.mul %[[Y]], %[[BS]]
// CHECK: %[[SUM:.*]] = tile.add %[[AX]], %[[YB]]
// CHECK: %[[NEG:.*]] = tile.neg %[[SUM]]
// CHECK: %[[DIV:.*]] = tile.div %[[NEG]], %{{.*}}
// CHECK: %[[SUB:.*]] = tile.sub %{{.*}}, %[[DIV]]
// CHECK: tile.store %[[SUB]], %[[OUT]] : <256xf32>, <256xf32>
// CHECK-NEXT: return
template <int N>
TILE_KERNEL void axpby(tile::Piece<float, N> out, tile::View<float> x, float a,
                       float b) {
  auto ax = a * tile::load_like(x, out);
  auto sum = ax + out.load() * b;
  auto scaled = -sum / 2.0f;
  out.store(1.0f - scaled);
}

template void axpby<256>(tile::Piece<float, 256>, tile::View<float>, float,
                         float);
