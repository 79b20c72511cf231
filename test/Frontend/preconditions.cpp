// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// The TILE_REQUIRE statements opening a kernel become its launch
// preconditions: node lists over parameters (by index), tensor sizes and
// constants, in the kernel's order, with the text as written. The kernel
// computes none of them.
// CHECK-LABEL: func.func @put_row(
// CHECK-SAME: tile.preconditions = [
// CHECK-SAME: {nodes = {{\[}}["param", "i32", 2], ["const", "i32", 0], ["ge", "i1", 0, 1], ["param", "i32", 2], ["const", "i32", 16], ["lt", "i1", 3, 4], ["const", "i1", 0], ["select", "i1", 2, 5, 6]], text = "row >= 0 && row < 16"}
// CHECK-SAME: {nodes = {{\[}}["param", "i64", 3], ["const", "i64", 16], ["rem", "i64", 0, 1], ["const", "i64", 0], ["eq", "i1", 2, 3], ["size", "i64", 1, 1], ["param", "i64", 3], ["eq", "i1", 5, 6], ["const", "i1", 0], ["select", "i1", 4, 7, 8]], text = "n % 16 == 0 && x.size(1) == n"}
// A narrower operand is cast, `||` picks true first, `-` subtracts from 0
// and `!` is a not.
// CHECK-SAME: {nodes = {{\[}}["param", "i32", 2], ["cast", "i64", 0], ["param", "i64", 3], ["lt", "i1", 1, 2], ["param", "i64", 3], ["const", "i64", 0], ["sub", "i64", 5, 4], ["const", "i64", 0], ["lt", "i1", 6, 7], ["not", "i1", 8], ["const", "i1", 1], ["select", "i1", 3, 10, 9]], text = "row < n || !(-n < 0)"}]
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.store_at
// CHECK-NEXT: return
TILE_KERNEL void put_row(tile::Piece<float, 16, 32> out, tile::View<float, 2> x,
                         int row, int64_t n) {
  TILE_REQUIRE(row >= 0 && row < 16);
  TILE_REQUIRE(n % 16 == 0 && x.size(1) == n);
  TILE_REQUIRE(row < n || !(-n < 0));
  out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
}

// Template parameters and constants fold, also when static assertions and
// constexpr constants come before the preconditions; shifts convert their
// count.
// CHECK-LABEL: func.func @shifted_64(
// CHECK-SAME: tile.preconditions = [{nodes = {{\[}}["param", "i64", 1], ["const", "i32", 2], ["cast", "i64", 1], ["shr", "i64", 0, 2], ["const", "i64", 64], ["le", "i1", 3, 4]], text = "n >> 2 <= N"}, {nodes = {{\[}}["param", "i64", 1], ["const", "i64", 128], ["le", "i1", 0, 1]], text = "n <= Twice"}]
template <int N>
TILE_KERNEL void shifted(tile::Piece<float, N> out, int64_t n) {
  static_assert(N > 0);
  constexpr int Twice = 2 * N;
  TILE_REQUIRE(n >> 2 <= N);
  TILE_REQUIRE(n <= Twice);
  out.store(tile::full<float, N>(1.0f));
}
template void shifted<64>(tile::Piece<float, 64>, int64_t);

// A kernel without TILE_REQUIRE has none.
// CHECK-LABEL: func.func @plain(
// CHECK-NOT: tile.preconditions
// CHECK-SAME: {
TILE_KERNEL void plain(tile::Piece<float, 8> out) {
  out.store(tile::full<float, 8>(1.0f));
}
