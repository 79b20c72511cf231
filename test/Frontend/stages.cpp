// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// TILE_STAGES is recorded on the kernel from a constant expression, each
// instantiation of a template taking its own, as tunable parameters do.
// CHECK-LABEL: func.func @product_3
// CHECK-SAME: tile.stages = 3 : i64
// CHECK-LABEL: func.func @product_6
// CHECK-SAME: tile.stages = 6 : i64
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.stages
template <int S>
TILE_KERNEL TILE_STAGES(S) void product(tile::Piece<float, 64, 64> out,
                                        tile::View<tile::bf16, 2> a,
                                        tile::View<tile::bf16, 2> b,
                                        int32_t k) {
  auto acc = tile::full<float, 64, 64>(0.0f);
  for (int32_t step = 0; step < k / 32; ++step)
    acc = tile::dot(tile::load<64, 32>(a, tile::program_id(0), step),
                    tile::load<32, 64>(b, step, tile::program_id(1)), acc);
  out.store(acc);
}

template void product<3>(tile::Piece<float, 64, 64>, tile::View<tile::bf16, 2>,
                         tile::View<tile::bf16, 2>, int32_t);
template void product<6>(tile::Piece<float, 64, 64>, tile::View<tile::bf16, 2>,
                         tile::View<tile::bf16, 2>, int32_t);

TILE_KERNEL void plain(tile::Piece<float, 64> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}
