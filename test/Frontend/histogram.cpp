// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// tile::histogram is one tile.histogram, with the mask when one is given;
// the counts are a tile of as many i32 as there are bins.
// CHECK-LABEL: func.func @counted
// CHECK: %[[ALL:.*]] = tile.histogram %{{.*}} : <4x64xi32> -> <16xi32>
// CHECK: tile.store %[[ALL]], %arg0
// CHECK: %[[SOME:.*]] = tile.histogram %{{.*}} if %{{.*}} : <256xi8>, {{.*}}<256xi1> -> <256xi32>
// CHECK: tile.store %[[SOME]], %arg1
TILE_KERNEL void counted(tile::Piece<int32_t, 16> all,
                         tile::Piece<int32_t, 256> some,
                         tile::View<int32_t, 2> x, tile::View<int8_t> b) {
  all.store(tile::histogram<16>(tile::load<4, 64>(x, tile::program_id(0), 0)));
  auto bytes = tile::load<256>(b, 0);
  some.store(tile::histogram<256>(bytes, bytes > int8_t(0)));
}
