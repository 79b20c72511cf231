// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// tile::reduce and tile::scan with a lambda: the lambda is inlined into the
// op's combiner region on its two element arguments; what it captures by
// copy is the value from outside the region.
// CHECK-LABEL: func.func @combine_64(
// CHECK-SAME: %[[MASK:[^:]*]]: i32)
// CHECK: %[[T:.*]] = tile.load
// CHECK: %[[ORS:.*]] = tile.reduce_with %[[T]] {axis = 1 : i32} : <4x64xi32> to <4x1xi32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT: %[[OR:.*]] = arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[OR]], %[[MASK]] : i32
// CHECK-NEXT: tile.yield %[[AND]] : i32
// CHECK-NEXT: }
// CHECK: tile.store %[[ORS]]
// A generic lambda takes the element type.
// CHECK: %[[PEAKS:.*]] = tile.scan_with %[[T]] {axis = 1 : i32} : <4x64xi32> {
// CHECK-NEXT: ^bb0(%[[C:.*]]: i32, %[[D:.*]]: i32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi sgt, %[[C]], %[[D]] : i32
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[C]], %[[D]] : i32
// CHECK-NEXT: tile.yield %[[MAX]] : i32
// CHECK: tile.store %[[PEAKS]]
template <int N>
TILE_KERNEL void combine(tile::Piece<int32_t, 4, N> peaks,
                         tile::Piece<int32_t, 4, 1> ors,
                         tile::View<int32_t, 2> x, int32_t mask) {
  auto t = tile::load<4, N>(x, tile::program_id(0), 0);
  ors.store(tile::reduce<1>(
      t, [mask](int32_t a, int32_t b) { return (a | b) & mask; }));
  peaks.store(tile::scan<1>(t, [](auto a, auto b) { return a > b ? a : b; }));
}
template void combine<64>(tile::Piece<int32_t, 4, 64>,
                          tile::Piece<int32_t, 4, 1>, tile::View<int32_t, 2>,
                          int32_t);

// A combiner kept in a variable, with a local variable and a helper.
float larger(float a, float b) { return a > b ? a : b; }

// CHECK-LABEL: func.func @widest(
// CHECK: tile.reduce_with %{{.*}} {axis = 0 : i32} : <128xf32> to <1xf32> {
// CHECK: arith.subf
// CHECK: arith.cmpf ogt
// CHECK: tile.yield
TILE_KERNEL void widest(tile::Piece<float, 1> out, tile::View<float> x) {
  auto furthest = [](float a, float b) {
    float gap = a - b;
    return gap > 0.0f ? a : larger(a, b);
  };
  out.store(tile::reduce<0>(tile::load<128>(x, 0), furthest));
}
