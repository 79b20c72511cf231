// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Every operand is checked, so swapped operands of a binary or ternary op,
// or a compare of the wrong predicate, fail as surely as a wrong op name.
// CHECK-LABEL: func.func @math_128
// CHECK-SAME: (%[[OUT:arg0]]: !tile.piece<128xf32>, %[[X:arg1]]: !tile.view<?xf32>)
// CHECK: %[[HALF:.+]] = tile.constant dense<5.000000e-01> : !tile.tile<128xf32>
// CHECK: %[[V:.+]] = tile.load %[[X]][
// CHECK: %[[EXP:.+]] = tile.exp %[[V]] : <128xf32>{{$}}
// CHECK: %[[EXP2:.+]] = tile.exp2 %[[V]] : <128xf32>{{$}}
// CHECK: tile.add %[[EXP]], %[[EXP2]]
// CHECK: %[[LOG:.+]] = tile.log %[[V]] : <128xf32>{{$}}
// CHECK: tile.add %{{.+}}, %[[LOG]]
// CHECK: %[[SQRT:.+]] = tile.sqrt %[[V]] : <128xf32>{{$}}
// CHECK: %[[A:.+]] = tile.add %{{.+}}, %[[SQRT]]
// CHECK: %[[RSQRT:.+]] = tile.rsqrt %[[V]] : <128xf32>{{$}}
// CHECK: %[[TANH:.+]] = tile.tanh %[[V]] : <128xf32>{{$}}
// CHECK: tile.add %[[RSQRT]], %[[TANH]]
// CHECK: %[[SIN:.+]] = tile.sin %[[V]] : <128xf32>{{$}}
// CHECK: %[[COS:.+]] = tile.cos %[[V]] : <128xf32>{{$}}
// CHECK: %[[B:.+]] = tile.add %{{.+}}, %[[COS]]
// CHECK: %[[ABS:.+]] = tile.abs %[[A]] : <128xf32>{{$}}
// CHECK: %[[C:.+]] = tile.max %[[ABS]], %[[B]] : <128xf32>{{$}}
// CHECK: %[[MIN:.+]] = tile.min %[[A]], %[[C]] : <128xf32>{{$}}
// CHECK: %[[D:.+]] = tile.fma %[[MIN]], %[[B]], %[[C]] : <128xf32>{{$}}
// CHECK: %[[SMALL:.+]] = tile.cmp lt, %[[D]], %[[HALF]] : <128xf32> -> <128xi1>{{$}}
// CHECK: %[[LARGE:.+]] = tile.cmp ge, %[[D]], %[[C]] : <128xf32> -> <128xi1>{{$}}
// CHECK: %[[SAME:.+]] = tile.cmp eq, %[[A]], %[[B]] : <128xf32> -> <128xi1>{{$}}
// CHECK: %[[DIFFER:.+]] = tile.cmp ne, %[[A]], %[[B]] : <128xf32> -> <128xi1>{{$}}
// CHECK: %[[INNER:.+]] = tile.select %[[DIFFER]], %[[B]], %[[V]] : <128xi1>, <128xf32>{{$}}
// CHECK: %[[S1:.+]] = tile.select %[[SAME]], %[[C]], %[[INNER]] : <128xi1>, <128xf32>{{$}}
// CHECK: %[[S2:.+]] = tile.select %[[LARGE]], %[[A]], %[[S1]] : <128xi1>, <128xf32>{{$}}
// CHECK: %[[R:.+]] = tile.select %[[SMALL]], %[[D]], %[[S2]] : <128xi1>, <128xf32>{{$}}
// CHECK: tile.store %[[R]], %[[OUT]] : <128xf32>, <128xf32>
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

// The rounding functions, the other transcendental ones, and the functions
// of two tiles, each with its operands in order (a scalar is splatted).
// CHECK-LABEL: func.func @more_math_128
// CHECK-DAG: %[[TWO:.+]] = tile.constant dense<2.000000e+00> : !tile.tile<128xf32>
// CHECK-DAG: %[[THREE:.+]] = tile.constant dense<3.000000e+00> : !tile.tile<128xf32>
// CHECK: %[[V:.+]] = tile.load
// CHECK-NEXT: %[[W:.+]] = tile.load
// CHECK-NEXT: %[[FLOOR:.+]] = tile.floor %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[CEIL:.+]] = tile.ceil %[[W]] : <128xf32>{{$}}
// CHECK-NEXT: %[[R0:.+]] = tile.add %[[FLOOR]], %[[CEIL]]
// CHECK-NEXT: %[[ROUND:.+]] = tile.round %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[R1:.+]] = tile.add %[[R0]], %[[ROUND]]
// CHECK-NEXT: %[[TRUNC:.+]] = tile.trunc %[[W]] : <128xf32>{{$}}
// CHECK-NEXT: %[[R2:.+]] = tile.add %[[R1]], %[[TRUNC]]
// CHECK-NEXT: %[[LOG2:.+]] = tile.log2 %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[TAN:.+]] = tile.tan %[[W]] : <128xf32>{{$}}
// CHECK-NEXT: %[[T0:.+]] = tile.add %[[LOG2]], %[[TAN]]
// CHECK-NEXT: %[[SINH:.+]] = tile.sinh %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[T1:.+]] = tile.add %[[T0]], %[[SINH]]
// CHECK-NEXT: %[[COSH:.+]] = tile.cosh %[[W]] : <128xf32>{{$}}
// CHECK-NEXT: %[[T2:.+]] = tile.add %[[T1]], %[[COSH]]
// CHECK-NEXT: %[[ERF:.+]] = tile.erf %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[T3:.+]] = tile.add %[[T2]], %[[ERF]]
// CHECK-NEXT: %[[POW:.+]] = tile.pow %[[V]], %[[W]] : <128xf32>{{$}}
// CHECK-NEXT: %[[POW2:.+]] = tile.pow %[[W]], %[[TWO]] : <128xf32>{{$}}
// CHECK-NEXT: %[[P0:.+]] = tile.add %[[POW]], %[[POW2]]
// CHECK-NEXT: %[[ATAN2:.+]] = tile.atan2 %[[W]], %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[P1:.+]] = tile.add %[[P0]], %[[ATAN2]]
// CHECK-NEXT: %[[FMOD:.+]] = tile.rem %[[THREE]], %[[V]] : <128xf32>{{$}}
// CHECK-NEXT: %[[P2:.+]] = tile.add %[[P1]], %[[FMOD]]
// CHECK-NEXT: %[[S0:.+]] = tile.add %[[R2]], %[[T3]]
// CHECK-NEXT: %[[S1:.+]] = tile.add %[[S0]], %[[P2]]
// CHECK-NEXT: tile.store %[[S1]]
template <int N>
TILE_KERNEL void more_math(tile::Piece<float, N> out, tile::View<float> x,
                           tile::View<float> y) {
  auto v = tile::load_like(x, out);
  auto w = tile::load_like(y, out);
  auto rounded = tile::floor(v) + tile::ceil(w) + tile::round(v) + tile::trunc(w);
  auto transcendental =
      tile::log2(v) + tile::tan(w) + tile::sinh(v) + tile::cosh(w) + tile::erf(v);
  auto binary = tile::pow(v, w) + tile::pow(w, 2.0f) + tile::atan2(w, v) +
                tile::fmod(3.0f, v);
  out.store(rounded + transcendental + binary);
}

template void more_math<128>(tile::Piece<float, 128>, tile::View<float>,
                             tile::View<float>);
