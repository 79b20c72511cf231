// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --list-unsafe | FileCheck %s --check-prefix=LIST
// RUN: not tilecc %s --check -DNO_REASON 2>&1 | FileCheck %s --check-prefix=REASON
// RUN: not tilecc %s --check -DOUTSIDE 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not tilecc %s --check -DOTHER_ANNOTATION 2>&1 | FileCheck %s --check-prefix=OTHER
#include <tile/kernel.h>

// An unsafe scope admits a store the analysis cannot prove inside the
// piece; tilecc emits it as tile.store_at and lists the scope with its
// reason. Code outside the scope is still checked.
// CHECK-LABEL: func.func @gather_rows
// CHECK: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : <1x32xf32>, <16x32xf32>
// LIST: unsafe-scope.cpp:[[@LINE+18]]:3: unsafe scope in 'gather_rows': the host passes row < 16
// LIST: 1 unsafe scope
TILE_KERNEL void gather_rows(tile::Piece<float, 16, 32> out,
                             tile::View<float, 2> x, int row) {
#if defined(NO_REASON)
  // REASON: unsafe-scope.cpp:[[@LINE+1]]:3: error: an unsafe scope must say why its code is safe: TILE_UNSAFE("reason")
  TILE_UNSAFE("") { out.store_at(tile::load<1, 32>(x, row, 0), row, 0); }
#elif defined(OUTSIDE)
  TILE_UNSAFE("the host passes row < 16") {}
  // OUTSIDE: unsafe-scope.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it
  out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
#elif defined(OTHER_ANNOTATION)
  // Only TILE_UNSAFE's annotation opens an unsafe scope.
  // OTHER: unsafe-scope.cpp:[[@LINE+2]]:48: error: index 0 of the store into output piece 'out' is not provably inside it
  [[clang::annotate("tile.safe", "no")]] {
    out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
  }
#else
  TILE_UNSAFE("the host passes row < 16") {
    out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
  }
#endif
}
