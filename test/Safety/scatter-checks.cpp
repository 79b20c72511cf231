// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --list-checks | FileCheck %s --check-prefix=LIST
// RUN: tilecc %s --list-checks --list-unsafe | FileCheck %s --check-prefix=BOTH
// RUN: tilecc %s --check --checks-as-errors -DPROVEN_ONLY
// RUN: not tilecc %s --check --checks-as-errors 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not tilecc %s --emit=tile --checks-as-errors 2>&1 | FileCheck %s --check-prefix=ERROR
#include <tile/kernel.h>

// A scatter writes where index tiles say; the analysis does not bound the
// values of tiles, so the compiler inserts the check that drops elements
// outside the piece, lists it, and under --checks-as-errors rejects it.
// A helper's scatter is listed once, at its line, per kernel.
// CHECK-LABEL: func.func @route
// CHECK: tile.scatter %{{.*}}[%{{.*}}], %{{.*}} if %{{.*}} : <256xf32>[!tile.tile<256xi32>], <256xf32>, !tile.tile<256xi1>
// LIST: scatter-checks.cpp:[[@LINE+20]]:7: inserted check in 'route': scatter into output piece 'out': elements whose indices fall outside the piece, or past the tensor's edge, are dropped
// LIST-NEXT: scatter-checks.cpp:[[@LINE+12]]:9: inserted check in 'route': scatter into output piece 'place': elements whose indices fall outside the piece, or past the tensor's edge, are dropped
// LIST-NEXT: 2 inserted checks
// BOTH: 0 unsafe scopes
// BOTH: 2 inserted checks
// ERROR: scatter-checks.cpp:[[@LINE+15]]:3: error: the scatter into output piece 'out' needs a bounds check inserted by the compiler (its indices are tiles, whose values the analysis does not bound), and --checks-as-errors forbids inserted checks: store with store or store_at at indices the analysis proves inside the piece
// ERROR: note: 'out' declared here, an output piece of shape 256
// ERROR: scatter-checks.cpp:[[@LINE+6]]:3: error: the scatter into output piece 'place' needs a bounds check
// ERROR: note: 'place' declared here, an output piece of shape 256
// ERROR-NOT: error:
#if !defined(PROVEN_ONLY)
void put(tile::Piece<float, 256> &place, const tile::Tile<float, 256> &v,
         const tile::Tile<int32_t, 256> &at) {
  place.scatter(v, at);
}

TILE_KERNEL void route(tile::Piece<float, 256> out, tile::View<float> x,
                       tile::View<int32_t> slots) {
  auto v = tile::load<256>(x, tile::program_id(0));
  auto at = tile::load<256>(slots, tile::program_id(0));
  out.scatter(v, at, v > 0.0f);
  put(out, v, at);
  put(out, v, at);
}
#endif

// A kernel with proven stores only passes --checks-as-errors.
TILE_KERNEL void copy(tile::Piece<float, 256> out, tile::View<float> x) {
  out.store(tile::load<256>(x, tile::program_id(0)));
}
