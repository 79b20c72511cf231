// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

TILE_KERNEL void half(tile::Piece<float, 8> out, float a) {
  // CHECK: error-double.cpp:[[@LINE+1]]:19: error: conversion to 'double' is not supported in kernels; they compute in float, int, int64_t and bool (write 1.0f, not 1.0)
  float b = float(a * 0.5);
  out.store(tile::full<float, 8>(b));
}

TILE_KERNEL void literal(tile::Piece<float, 8> out) {
  // CHECK: error-double.cpp:[[@LINE+1]]:13: error: literal of type 'double' is not supported; kernels use float, int, int64_t and bool (write 1.0f, not 1.0)
  float b = 0.5;
  out.store(tile::full<float, 8>(b));
}
