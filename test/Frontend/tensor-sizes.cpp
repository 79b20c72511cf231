// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// x.size(d) is the extent of the tensor behind a view: a run-time i64 that
// can bound a loop once converted to int.
// CHECK-LABEL: func.func @colsum_128(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<128xf32>, %[[X:[^:]*]]: !tile.view<?x?xf32>)
// CHECK: %[[ROWS64:.*]] = tile.size %[[X]], 0 : !tile.view<?x?xf32> -> i64
// CHECK-NEXT: %[[ROWS:.*]] = arith.trunci %[[ROWS64]] : i64 to i32
// CHECK-NEXT: %[[END:.*]] = arith.index_cast %[[ROWS]] : i32 to index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[END]] step %{{.*}} iter_args
template <int N>
TILE_KERNEL void colsum(tile::Piece<float, N> out, tile::View<float, 2> x) {
  auto acc = tile::full<float, N>(0.0f);
  int rows = int(x.size(0));
  for (int r = 0; r < rows; ++r)
    acc = acc + tile::reshape<N>(tile::load<1, N>(x, r, tile::program_id(0)));
  out.store(acc);
}
template void colsum<128>(tile::Piece<float, 128>, tile::View<float, 2>);

// A copy of a view, a view passed to a helper, and a dimension given by a
// template parameter or a constant all query the same kernel parameter.
// CHECK-LABEL: func.func @extents_1(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xi64>, %[[X:[^:]*]]: !tile.view<?x?x?xf32>)
// CHECK: tile.size %[[X]], 2 : !tile.view<?x?x?xf32> -> i64
// CHECK: tile.size %[[X]], 1 : !tile.view<?x?x?xf32> -> i64
// CHECK: tile.size %[[X]], 0 : !tile.view<?x?x?xf32> -> i64
// A piece gives the extent of its whole tensor.
// CHECK: tile.size %[[OUT]], 0 : !tile.piece<64xi64> -> i64
// CHECK: tile.store
int64_t innerExtent(const tile::View<float, 3> &view) { return view.size(2); }

template <int D>
TILE_KERNEL void extents(tile::Piece<int64_t, 64> out, tile::View<float, 3> x) {
  auto copy = x;
  constexpr int kRows = 0;
  int64_t total =
      innerExtent(copy) + copy.size(D) + x.size(kRows) + out.size(0);
  out.store(tile::full<int64_t, 64>(total));
}
template void extents<1>(tile::Piece<int64_t, 64>, tile::View<float, 3>);
