// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// A double is an element type of its own: no implicit conversion narrows
// it, and a double literal does not stand for a float.
#include <tile/kernel.h>

TILE_KERNEL void literal(tile::Piece<float, 8> out) {
  // CHECK: error-double.cpp:[[@LINE+1]]:13: error: the 'double' constant converts to 'float' implicitly; write a float literal (1.0f, not 1.0), or convert explicitly (static_cast<float>(...))
  float b = 0.5;
  // CHECK: error-double.cpp:[[@LINE+1]]:34: error: the 'double' constant converts to 'float' implicitly; write a float literal (1.0f, not 1.0)
  out.store(tile::full<float, 8>(1.0) * b);
}

TILE_KERNEL void narrowing(tile::Piece<float, 8> out, double d, float a,
                           int64_t n) {
  // CHECK: error-double.cpp:[[@LINE+1]]:13: error: implicit conversion from 'double' to 'float' can change the value; mixed types need an explicit conversion, static_cast<float>(...) for scalars or tile::cast for tiles
  float y = d;
  // `a * 0.5` computes in double.
  // CHECK: error-double.cpp:[[@LINE+1]]:13: error: implicit conversion from 'double' to 'float' can change the value
  float z = a * 0.5;
  float w = a;
  // CHECK: error-double.cpp:[[@LINE+1]]:3: error: compound assignment '*=' computes in 'double' and converts the result back to 'float', which can change the value; convert the right side explicitly (static_cast<float>(...)) or keep the variable in 'double'
  w *= 0.5;
  // CHECK: error-double.cpp:[[@LINE+1]]:15: error: implicit conversion from 'double' to 'int64_t' can change the value
  int64_t i = d;
  // CHECK: error-double.cpp:[[@LINE+1]]:14: error: implicit conversion from 'int64_t' to 'double' can change the value
  double e = n;
  // Widening is exact: no error.
  double fine = a;
  out.store(
      tile::full<float, 8>(y + z + w + float(i) + float(e) + float(fine)));
}

TILE_KERNEL void wider(tile::Piece<double, 8> out, double d) {
  // CHECK: error-double.cpp:[[@LINE+1]]:19: error: conversion to 'long double' is not supported in kernels; they compute in float, double, int, int64_t and bool
  long double l = d;
  out.store(tile::full<double, 8>(double(l)));
}
