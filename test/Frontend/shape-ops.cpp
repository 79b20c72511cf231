// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// CHECK-LABEL: func.func @rows_16_32
// CHECK-DAG: tile.reduce max %{{.*}} {axis = 1 : i32} : <16x32xf32> to <16x1xf32>
// CHECK-DAG: tile.broadcast %{{.*}} : <16x1xf32> to <16x32xf32>
// CHECK-DAG: tile.reduce sum %{{.*}} {axis = 1 : i32} : <16x32xf32> to <16x1xf32>
// CHECK-DAG: tile.reduce min %{{.*}} {axis = 0 : i32} : <16x32xf32> to <1x32xf32>
// CHECK-DAG: tile.broadcast %{{.*}} : <1x32xf32> to <16x32xf32>
// CHECK-DAG: tile.argmax %{{.*}} {axis = 1 : i32} : <16x32xf32> to <16x1xi32>
// CHECK-DAG: tile.argmin %{{.*}} {axis = 0 : i32} : <16x32xf32> to <1x32xi32>
// CHECK-DAG: tile.permute %{{.*}} [1, 0] : <16x32xf32> to <32x16xf32>
// CHECK-DAG: tile.reshape %{{.*}} : <32x16xf32> to <16x32xf32>
// CHECK-DAG: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <16x32xf32>, <32x32xf32> -> <16x32xf32>
// CHECK: tile.store
template <int M, int N>
TILE_KERNEL void rows(tile::Piece<float, M, N> out, tile::View<float, 2> x) {
  auto t = tile::load_like(x, out);
  auto shifted = t - tile::broadcast<M, N>(tile::reduce_max<1>(t));
  auto sums = tile::broadcast<M, N>(tile::reduce_sum<1>(shifted));
  auto low = tile::broadcast<M, N>(tile::reduce_min<0>(t));
  auto best = tile::broadcast<M, N>(tile::cast<float>(tile::argmax<1>(t)));
  auto least = tile::broadcast<M, N>(tile::cast<float>(tile::argmin<0>(t)));
  auto back = tile::reshape<M, N>(tile::permute<1, 0>(t));
  auto product = tile::dot(t, tile::full<float, N, N>(0.5f),
                           tile::full<float, M, N>(0.0f));
  out.store(sums + low + best + least + back + product);
}

template void rows<16, 32>(tile::Piece<float, 16, 32>, tile::View<float, 2>);
