// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-tune.cpp:[[@LINE+1]]:13: error: TILE_TUNE names template parameters; 'plain' is not a function template
TILE_KERNEL TILE_TUNE(N, 64) void plain(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}

// CHECK: error-tune.cpp:[[@LINE+2]]:13: error: TILE_TUNE names 'M', which is not an integer template parameter of 'unknown'
template <int N>
TILE_KERNEL TILE_TUNE(M, 64) void unknown(tile::Piece<float, N> out) {
  out.store(tile::full<float, N>(1.0f));
}
template void unknown<64>(tile::Piece<float, 64>);

// CHECK: error-tune.cpp:[[@LINE+2]]:13: error: TILE_TUNE names 'T', which is not an integer template parameter of 'typed'
template <class T, int N>
TILE_KERNEL TILE_TUNE(T, 64) void typed(tile::Piece<T, N> out) {
  out.store(tile::full<T, N>(T(1.0f)));
}
template void typed<float, 64>(tile::Piece<float, 64>);

// CHECK: error-tune.cpp:[[@LINE+3]]:5: error: TILE_TUNE gives the values of 'N' twice
template <int N>
TILE_KERNEL TILE_TUNE(N, 64)
    TILE_TUNE(N, 128) void twice(tile::Piece<float, N> out) {
  out.store(tile::full<float, N>(1.0f));
}
template void twice<64>(tile::Piece<float, 64>);

// CHECK: error-tune.cpp:[[@LINE+2]]:35: error: TILE_TUNE gives the value 64 of 'N' twice
template <int N>
TILE_KERNEL TILE_TUNE(N, 64, 128, 64) void repeated(tile::Piece<float, N> out) {
  out.store(tile::full<float, N>(1.0f));
}
template void repeated<64>(tile::Piece<float, 64>);

// CHECK: error-tune.cpp:[[@LINE+2]]:15: error: TILE_TUNE takes a template parameter and at least one value: TILE_TUNE(BM, 64, 128)
template <int N>
TILE_KERNEL [[clang::annotate("tile.tune", "N")]] void
valueless(tile::Piece<float, N> out) {
  out.store(tile::full<float, N>(1.0f));
}
template void valueless<64>(tile::Piece<float, 64>);
