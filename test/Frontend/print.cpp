// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: not tilecc %s --emit=tile -DLABEL 2>&1 | FileCheck %s --check-prefix=LABEL
#include <tile/kernel.h>

// tile::print becomes a tile.print of the scalar with its label.
// CHECK-LABEL: func.func @show(
// CHECK: %[[MAX:.*]] = tile.item
// CHECK-NEXT: tile.print "largest" %[[MAX]] : f32
// CHECK: tile.print "n" %{{.*}} : i64
// CHECK: tile.print "positive" %{{.*}} : i1
TILE_KERNEL void show(tile::Piece<float, 64> out, tile::View<float> x,
                      int64_t n) {
  auto t = tile::load<64>(x, tile::program_id(0));
  tile::print("largest", tile::item(tile::reduce_max<0>(t)));
  tile::print("n", n);
  tile::print("positive", n > 0);
#ifdef LABEL
  // LABEL: print.cpp:[[@LINE+1]]:15: error: tile::print's label is a string literal
  tile::print(n > 0 ? "big" : "small", n);
#endif
  out.store(t);
}
