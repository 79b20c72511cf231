// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// CHECK-LABEL: func.func @math_128
// CHECK: tile.exp
// CHECK: tile.exp2
// CHECK: tile.log
// CHECK: tile.sqrt
// CHECK: tile.rsqrt
// CHECK: tile.tanh
// CHECK: tile.sin
// CHECK: tile.cos
// CHECK: tile.abs
// CHECK: tile.max
// CHECK: tile.min
// CHECK: tile.fma
// CHECK-DAG: tile.cmp lt
// CHECK-DAG: tile.cmp ge
// CHECK-DAG: tile.cmp eq
// CHECK-DAG: tile.cmp ne
// CHECK: tile.select
template <int N>
TILE_KERNEL void math(tile::Piece<float, N> out, tile::View<float> x) {
  auto v = tile::load_like(x, out);
  auto a = tile::exp(v) + tile::exp2(v) + tile::log(v) + tile::sqrt(v);
  auto b = tile::rsqrt(v) + tile::tanh(v) + tile::sin(v) + tile::cos(v);
  auto c = tile::max(tile::abs(a), b);
  auto d = tile::fma(tile::min(a, c), b, c);
  auto small = d < 0.5f;
  auto large = d >= c;
  auto same = a == b;
  auto differ = a != b;
  auto inner = tile::select(differ, b, v);
  out.store(tile::select(small, d, tile::select(large, a, tile::select(same, c, inner))));
}

template void math<128>(tile::Piece<float, 128>, tile::View<float>);
