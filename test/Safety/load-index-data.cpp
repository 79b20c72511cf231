// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Views may be read at any index, one read from data included: loads and
// load_scalar read zero outside the tensor. A value read from data has no
// known range, though, so it cannot index a store into the piece.
// SAFE-LABEL: func.func @gather
// SAFE: %[[ID:.*]] = tile.load_scalar
// SAFE: tile.load %{{.*}}[%[[ID]], %{{.*}}]
// SAFE: tile.store
TILE_KERNEL void gather(tile::Piece<float, 16, 32> out,
                        tile::View<float, 2> table, tile::View<int32_t> ids) {
  int32_t id = tile::load_scalar(ids, tile::program_id(0));
  auto row = tile::load<1, 32>(table, id, 0);
#ifdef SAFE
  out.store(tile::broadcast<16, 32>(row));
#else
  // CHECK: load-index-data.cpp:[[@LINE+3]]:21: error: index 0 of the store into output piece 'out' is not provably inside it: it depends on values of unknown range (parameters, tensor sizes, loaded data), but the piece holds 16 sub-tiles of shape 1x32 along dimension 0 (valid indices [0, 15])
  // CHECK-NEXT: out.store_at(row, id, 0);
  // CHECK-NEXT: ^~
  out.store_at(row, id, 0);
#endif
}
