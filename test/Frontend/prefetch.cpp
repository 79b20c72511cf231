// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --emit=ptx | FileCheck %s --check-prefix=PTX
#include <tile/kernel.h>

// tile::prefetch<S...>(view, i...) becomes tile.prefetch with the shape as
// written (not a power of two here) and the tile indices as i32, before the
// loads it serves; it has no value.
// CHECK-LABEL: func.func @stream(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<1x256xf32>, %[[X:[^:]*]]: !tile.view<?x?xf32>
// CHECK: %[[ROW:.*]] = tile.program_id 0 : i32
// CHECK: tile.prefetch %[[X]][%[[ROW]], %{{.*}}] shape [1, 1000] : <?x?xf32>
// CHECK: scf.for
// CHECK: tile.load %[[X]]
// PTX-LABEL: .entry stream
// PTX: prefetch.global.L2 [%rd{{[0-9]+}}];
TILE_KERNEL void stream(tile::Piece<float, 1, 256> out,
                        tile::View<float, 2> x) {
  int row = tile::program_id(0);
  tile::prefetch<1, 1000>(x, row, 0);
  auto sum = tile::full<float, 1, 256>(0.0f);
  for (int k = 0; k < 4; ++k)
    sum = sum + tile::load<1, 256>(x, row, k);
  out.store(sum);
}
