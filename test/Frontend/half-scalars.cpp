// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --emit=ptx | FileCheck %s --check-prefix=PTX
#include <tile/kernel.h>

// f16 and bf16 scalars convert to float with `float(h)` or a cast (the exact
// value), and a float rounds to them with `tile::f16(x)` / `tile::bf16(x)`.
// CHECK-LABEL: func.func @scale_by_first(
// CHECK: %[[B:.*]] = tile.load_scalar %{{.*}} : <?xbf16> -> bf16
// CHECK: %[[BF:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK: %[[H:.*]] = tile.load_scalar %{{.*}} : <?xf16> -> f16
// CHECK: %[[HF:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[HF]], %[[BF]] : f32
// CHECK: %[[TWICE:.*]] = arith.mulf %[[SUM]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.truncf %[[TWICE]] : f32 to bf16
// CHECK: tile.splat %[[SUM]] : f32 -> <8xf32>
// CHECK: tile.splat %[[R]] : bf16 -> <8xbf16>
// PTX-LABEL: .entry scale_by_first(
// PTX: cvt.rn.bf16.f32
TILE_KERNEL void scale_by_first(tile::Piece<float, 8> out,
                                tile::View<tile::bf16, 1> x,
                                tile::View<tile::f16, 1> y,
                                tile::Piece<tile::bf16, 8> rounded) {
  float first = float(tile::load_scalar(x, 0));
  tile::f16 h = tile::load_scalar(y, 1);
  float sum = static_cast<float>(h) + first;
  tile::bf16 twice = tile::bf16(sum * 2.0f);
  out.store(tile::full<float, 8>(sum));
  rounded.store(tile::full<tile::bf16, 8>(twice));
}
