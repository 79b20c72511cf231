// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
#include <tile/kernel.h>

// Launch preconditions open the kernel body and read only integer
// parameters, tensor sizes and constants: each violation is one error at
// the offending code.

TILE_KERNEL void afterStatement(tile::Piece<int, 8> out, int n) {
  out.store(tile::full<int, 8>(n));
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:3: error: TILE_REQUIRE states a launch precondition: write it first in the kernel body, before any statement but static assertions and constexpr constants (not in a loop, a branch, a helper or a lambda)
  TILE_REQUIRE(n > 0);
}

TILE_KERNEL void inBranch(tile::Piece<int, 8> out, int n) {
  if (n > 2)
    // CHECK: error-preconditions.cpp:[[@LINE+1]]:5: error: TILE_REQUIRE states a launch precondition
    TILE_REQUIRE(n < 8);
  out.store(tile::full<int, 8>(n));
}

void checkPositive(int n) { TILE_REQUIRE(n > 0); }

TILE_KERNEL void inHelper(tile::Piece<int, 8> out, int n) {
  // CHECK: error-preconditions.cpp:[[@LINE-3]]:29: error: TILE_REQUIRE states a launch precondition
  checkPositive(n);
  out.store(tile::full<int, 8>(n));
}

TILE_KERNEL void readsProgramId(tile::Piece<int, 8> out, int n) {
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:20: error: a launch precondition reads only the kernel's integer parameters, its tensors' sizes (x.size(d)) and constants
  TILE_REQUIRE(n > tile::program_id(0));
  out.store(tile::full<int, 8>(n));
}

TILE_KERNEL void readsData(tile::Piece<int, 8> out, tile::View<int> x) {
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:16: error: a launch precondition reads only the kernel's integer parameters
  TILE_REQUIRE(tile::load_scalar(x, 0) > 0);
  out.store(tile::full<int, 8>(1));
}

TILE_KERNEL void floatParameter(tile::Piece<float, 8> out, float a) {
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:16: error: a launch precondition computes with signed integers and bool; this is 'float'
  TILE_REQUIRE(a > 0.0f);
  out.store(tile::full<float, 8>(a));
}

TILE_KERNEL void assigns(tile::Piece<int, 8> out, int n) {
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:17: error: a launch precondition does not assign
  TILE_REQUIRE((n = 3) > 0);
  out.store(tile::full<int, 8>(n));
}

int seed();
const int limit = seed();

TILE_KERNEL void readsGlobal(tile::Piece<int, 8> out, int n) {
  // CHECK: error-preconditions.cpp:[[@LINE+1]]:20: error: a launch precondition reads the kernel's parameters, not other variables
  TILE_REQUIRE(n < limit);
  out.store(tile::full<int, 8>(n));
}
