// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error: kernel parameter 't' is a tile; pass tensors as tile::View or tile::Piece
TILE_KERNEL void takesTile(tile::Piece<float, 8> out, tile::Tile<float, 8> t) {
  out.store(t);
}
