// RUN: tilecc %s --emit=tile | FileCheck %s
// 8-bit operands of tile::dot: int8_t and uint8_t into an int32_t
// accumulator, f8e4m3 and f8e5m2 into a float one.
#include <tile/kernel.h>

// CHECK-LABEL: func.func @products
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xi8>, <32x64xi8> -> <64x64xi32>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xui8>, <32x64xui8> -> <64x64xi32>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xf8E4M3FN>, <32x64xf8E4M3FN> -> <64x64xf32>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xf8E5M2>, <32x64xf8E5M2> -> <64x64xf32>
TILE_KERNEL void products(tile::Piece<int32_t, 64, 64> sums,
                          tile::Piece<float, 64, 64> out,
                          tile::View<int8_t, 2> a, tile::View<uint8_t, 2> b,
                          tile::View<tile::f8e4m3, 2> c,
                          tile::View<tile::f8e5m2, 2> d) {
  auto zeros = tile::full<int32_t, 64, 64>(0);
  auto s = tile::dot(tile::load<64, 32>(a, 0, 0), tile::load<32, 64>(a, 0, 0),
                     zeros);
  auto u = tile::dot(tile::load<64, 32>(b, 0, 0), tile::load<32, 64>(b, 0, 0),
                     zeros);
  auto e = tile::dot(tile::load<64, 32>(c, 0, 0), tile::load<32, 64>(c, 0, 0),
                     tile::full<float, 64, 64>(0.0f));
  auto f = tile::dot(tile::load<64, 32>(d, 0, 0), tile::load<32, 64>(d, 0, 0),
                     e);
  sums.store(s + u);
  out.store(f);
}
