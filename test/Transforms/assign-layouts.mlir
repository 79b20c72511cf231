// RUN: tile-opt %s --tile-assign-layouts --split-input-file | FileCheck %s

// Loads use the blocked layout: 4 contiguous f32 per thread, lanes and then
// warps side by side, the rest in more registers. A reduction keeps each
// element where it was: the reduced bits leave the registers, and lanes and
// warps that spanned them hold replicas (-1). The broadcast feeding the
// subtraction is re-created in the subtraction's layout, which moves nothing.
// CHECK-LABEL: func.func @softmax_step
// CHECK-SAME: tile.num_warps = 4
// CHECK: tile.load {{.*}} -> <1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>
// CHECK: tile.reduce max {{.*}} to <1x1xf32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, -1], warps = [-1, -1]>>
// CHECK: %[[B:.*]] = tile.broadcast {{.*}} to <1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>
// CHECK-NEXT: tile.sub %{{.*}}, %[[B]] : <1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>
// CHECK-NOT: tile.convert_layout
func.func @softmax_step(%out: !tile.piece<1x1024xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c = arith.constant 0 : i32
  %t = tile.load %x[%p, %c] : !tile.view<?x?xf32> -> !tile.tile<1x1024xf32>
  %m = tile.reduce max %t {axis = 1 : i32} : !tile.tile<1x1024xf32> to !tile.tile<1x1xf32>
  %b = tile.broadcast %m : !tile.tile<1x1xf32> to !tile.tile<1x1024xf32>
  %d = tile.sub %t, %b : !tile.tile<1x1024xf32>
  tile.store %d, %out : !tile.tile<1x1024xf32>, !tile.piece<1x1024xf32>
  return
}

// -----

// A permutation renumbers the element bits, so its result is not blocked;
// the store needs the blocked layout and gets a conversion.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: tile.num_warps = 2
// CHECK: tile.permute {{.*}} to <32x8xf32, #tile.layout<registers = [3, 4], lanes = [5, 6, 7, 0, 1], warps = [2]>>
// CHECK-NEXT: %[[C:.*]] = tile.convert_layout {{.*}} to <32x8xf32, #tile.layout<registers = [0, 1], lanes = [2, 3, 4, 5, 6], warps = [7]>>
// CHECK-NEXT: tile.store %[[C]]
func.func @transpose(%out: !tile.piece<32x8xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x32xf32>
  %u = tile.permute %t [1, 0] : !tile.tile<8x32xf32> to !tile.tile<32x8xf32>
  tile.store %u, %out : !tile.tile<32x8xf32>, !tile.piece<32x8xf32>
  return
}

// -----

// A loop-carried tile keeps its initial value's layout through the loop.
// CHECK-LABEL: func.func @carried
// CHECK: scf.for {{.*}} -> (!tile.tile<256xf32, #tile.layout<registers = [0, 1], lanes = [2, 3, 4, 5, 6], warps = [7]>>)
// CHECK: scf.yield %{{.*}} : !tile.tile<256xf32, #tile.layout<registers = [0, 1], lanes = [2, 3, 4, 5, 6], warps = [7]>>
// CHECK-NOT: tile.convert_layout
func.func @carried(%out: !tile.piece<256xf32>, %x: !tile.view<?xf32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %init = tile.splat %z : f32 -> !tile.tile<256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<256xf32>) : i32 {
    %t = tile.load %x[%i] : !tile.view<?xf32> -> !tile.tile<256xf32>
    %s = tile.add %acc, %t : !tile.tile<256xf32>
    scf.yield %s : !tile.tile<256xf32>
  }
  tile.store %r, %out : !tile.tile<256xf32>, !tile.piece<256xf32>
  return
}

// -----

// Tiles smaller than a warp's runs leave lanes holding replicas.
// CHECK-LABEL: func.func @small
// CHECK-SAME: tile.num_warps = 1
// CHECK: tile.splat {{.*}} -> <8xi32, #tile.layout<registers = [0, 1], lanes = [2, -1, -1, -1, -1], warps = []>>
func.func @small(%out: !tile.piece<8xi32>, %s: i32) attributes {tile.kernel} {
  %t = tile.splat %s : i32 -> !tile.tile<8xi32>
  tile.store %t, %out : !tile.tile<8xi32>, !tile.piece<8xi32>
  return
}

// -----

// A reshaped iota is as cheap as the iota: where the broadcast of it needs
// another layout, the iota is re-created in that layout and reshaped again,
// without a conversion through shared memory. Here the halves' index lives
// in one lane bit of the loaded tile.
// CHECK-LABEL: func.func @reshaped_iota
// CHECK: %[[I:.*]] = tile.iota : <2xi32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, 0], warps = [-1, -1]>>
// CHECK-NEXT: %[[R:.*]] = tile.reshape %[[I]] {{.*}} to <1x2x1xi32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, 0], warps = [-1, -1]>>
// CHECK-NEXT: tile.broadcast %[[R]] {{.*}} to <32x2x64xi32, #tile.layout<registers = [0, 1, 9, 10, 11], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>
// CHECK-NOT: tile.convert_layout
func.func @reshaped_iota(%out: !tile.piece<32x2x64xf32>, %x: !tile.view<?x?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c = arith.constant 0 : i32
  %t = tile.load %x[%p, %c, %c] : !tile.view<?x?x?xf32> -> !tile.tile<32x2x64xf32>
  %i = tile.iota : !tile.tile<2xi32>
  %r = tile.reshape %i : !tile.tile<2xi32> to !tile.tile<1x2x1xi32>
  %b = tile.broadcast %r : !tile.tile<1x2x1xi32> to !tile.tile<32x2x64xi32>
  %z = tile.splat %c : i32 -> !tile.tile<32x2x64xi32>
  %m = tile.cmp eq, %b, %z : !tile.tile<32x2x64xi32> -> !tile.tile<32x2x64xi1>
  %n = tile.neg %t : !tile.tile<32x2x64xf32>
  %s = tile.select %m, %t, %n : !tile.tile<32x2x64xi1>, !tile.tile<32x2x64xf32>
  tile.store %s, %out : !tile.tile<32x2x64xf32>, !tile.piece<32x2x64xf32>
  return
}

// -----

// A reshaped load is not cheap: its broadcast's input is converted.
// CHECK-LABEL: func.func @reshaped_load
// CHECK: tile.reshape
// CHECK: tile.convert_layout {{.*}} to <1x2x1xf32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, 0], warps = [-1, -1]>>
func.func @reshaped_load(%out: !tile.piece<32x2x64xf32>, %x: !tile.view<?x?x?xf32>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c = arith.constant 0 : i32
  %t = tile.load %x[%p, %c, %c] : !tile.view<?x?x?xf32> -> !tile.tile<32x2x64xf32>
  %l = tile.load %y[%c] : !tile.view<?xf32> -> !tile.tile<2xf32>
  %r = tile.reshape %l : !tile.tile<2xf32> to !tile.tile<1x2x1xf32>
  %b = tile.broadcast %r : !tile.tile<1x2x1xf32> to !tile.tile<32x2x64xf32>
  %s = tile.mul %t, %b : !tile.tile<32x2x64xf32>
  tile.store %s, %out : !tile.tile<32x2x64xf32>, !tile.piece<32x2x64xf32>
  return
}
