// RUN: tile-opt %s --tile-copy-fallbacks --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-copy-fallbacks --tile-prune-copy-fallbacks --split-input-file | FileCheck %s --check-prefix=PRUNED

// A kernel that multiplies tiles in a loop gets a twin, marked to copy with
// cp.async only, at the end of the module, and names it as its fallback.
// Once the pipelines have run, a kernel that takes no tensor map loses its
// twin and the name.
// CHECK-LABEL: func.func @products_in_loop
// CHECK-SAME: tile.fallback_entry = "products_in_loop_copies"
// CHECK-SAME: tile.kernel
// CHECK-LABEL: func.func @products_in_loop_copies
// CHECK-SAME: tile.copies_only
// CHECK-SAME: tile.kernel
// CHECK: scf.for
// CHECK: tile.dot
// PRUNED-LABEL: func.func @products_in_loop
// PRUNED-NOT: tile.fallback_entry
// PRUNED-NOT: func.func @products_in_loop_copies
func.func @products_in_loop(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// A kernel that takes tensor maps keeps its twin.
// PRUNED-LABEL: func.func @takes_maps
// PRUNED-SAME: tile.fallback_entry = "takes_maps_copies"
// PRUNED-LABEL: func.func @takes_maps_copies
// PRUNED-SAME: tile.copies_only
func.func @takes_maps(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.tensor_maps = [#tilegpu.tensor_map<view = 1, box = [128, 64], swizzle = 128>]} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %d = tile.dot %x, %y, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// Kernels that cannot come to take tensor maps get no twin: one with a
// product outside any loop, one without products, one that has layouts
// already (a twin must be made before them), a twin itself, and a
// function that is no kernel.
// CHECK-LABEL: func.func @product_outside_loop
// CHECK-NOT: tile.fallback_entry
// CHECK-NOT: _copies
// CHECK-LABEL: func.func @no_products
// CHECK-NOT: _copies
// CHECK-LABEL: func.func @laid_out
// CHECK-NOT: _copies
// CHECK-LABEL: func.func @twin
// CHECK-NOT: _copies
// CHECK-LABEL: func.func @helper
// CHECK-NOT: _copies
func.func @product_outside_loop(%out: !tile.piece<16x8xf32>, %a: !tile.view<?x?xbf16>, %b: !tile.view<?x?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x16xbf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x8xbf16>
  %z = tile.load_piece %out : !tile.piece<16x8xf32> -> !tile.tile<16x8xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<16x16xbf16>, !tile.tile<16x8xbf16> -> !tile.tile<16x8xf32>
  tile.store %d, %out : !tile.tile<16x8xf32>, !tile.piece<16x8xf32>
  return
}
func.func @no_products(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}
func.func @laid_out(%out: !tile.piece<16x8xf32>, %a: !tile.view<?x?xbf16>, %b: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.num_warps = 1 : i64} {
  return
}
func.func @twin(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.copies_only} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %d = tile.dot %x, %y, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}
func.func @helper(%x: i32) -> i32 {
  return %x : i32
}
