// RUN: not tilecc %s --emit=tile -DOVERLOAD 2>&1 | FileCheck %s --check-prefix=OVERLOAD
// RUN: not tilecc %s --emit=tile -DPUNCTUATION 2>&1 | FileCheck %s --check-prefix=PUNCTUATION
// RUN: tilecc %s --emit=tile | FileCheck %s --check-prefix=DISTINCT
// RUN: not tilecc %s --check -DOVERLOAD 2>&1 | FileCheck %s --check-prefix=OVERLOAD
// RUN: not tilecc %s --check -DPUNCTUATION 2>&1 | FileCheck %s --check-prefix=PUNCTUATION
#include <tile/kernel.h>

// A kernel's entry name is its name with template arguments joined by
// underscores; two kernels may not share one.

#ifdef OVERLOAD
TILE_KERNEL void fill(tile::Piece<float, 16> out) {
  out.store(tile::full<float, 16>(1.0f));
}
TILE_KERNEL void fill(tile::Piece<float, 32> out) {
  out.store(tile::full<float, 32>(1.0f));
}
// OVERLOAD: error-kernel-names.cpp:[[@LINE-3]]:18: error: kernel 'fill' would get the entry name 'fill', which kernel 'fill' already has; give kernels distinct names (kernels cannot be overloaded)
// OVERLOAD: error-kernel-names.cpp:[[@LINE-7]]:18: note: the other kernel is here
#endif

template <int N> TILE_KERNEL void scale(tile::Piece<float, N> out, float a) {
  out.store(tile::full<float, N>(a));
}
template void scale<16>(tile::Piece<float, 16>, float);
template void scale<32>(tile::Piece<float, 32>, float);

#ifdef PUNCTUATION
// PUNCTUATION: error-kernel-names.cpp:[[@LINE+1]]:18: error: kernel 'scale_16' would get the entry name 'scale_16', which kernel 'scale<16>' already has
TILE_KERNEL void scale_16(tile::Piece<float, 16> out, float a) {
  out.store(tile::full<float, 16>(a));
}
#else
// Instantiations of one template, and names that differ in letters, keep
// their own entries.
TILE_KERNEL void scale16(tile::Piece<float, 16> out, float a) {
  out.store(tile::full<float, 16>(a));
}
#endif

// DISTINCT-DAG: func.func @scale_16(
// DISTINCT-DAG: func.func @scale_32(
// DISTINCT-DAG: func.func @scale16(
