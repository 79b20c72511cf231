// RUN: tile-opt %s --tile-assign-layouts --tile-order-piece-accesses --split-input-file | FileCheck %s

// A store of the whole piece, then sub-tile stores in a loop, a load and a
// store again: the rows change threads between the whole tile's layout and
// the row's, so each access after one by other threads waits at a barrier.
// The loop's own stores need none among themselves (a row's element sits in
// the same thread at every index), nor the load and the last store (one
// layout without replicas).
// CHECK-LABEL: func.func @mixed
// CHECK: tile.store %{{.*}}, %[[OUT:.*]] :
// CHECK: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.store_at
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.load_piece
// CHECK: tile.add
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.store
func.func @mixed(%out: !tile.piece<64x64xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : <?x?xf32> -> <64x64xf32>
  tile.store %t, %out : <64x64xf32>, <64x64xf32>
  %row = tile.constant dense<2.0> : !tile.tile<1x64xf32>
  %lo = arith.constant 0 : index
  %hi = arith.constant 4 : index
  %step = arith.constant 1 : index
  scf.for %r = %lo to %hi step %step {
    %ri = arith.index_cast %r : index to i32
    tile.store_at %row, %out[%ri, %c0] : <1x64xf32>, <64x64xf32>
  }
  %again = tile.load_piece %out : <64x64xf32> -> <64x64xf32>
  %one = tile.constant dense<1.0> : !tile.tile<64x64xf32>
  %next = tile.add %again, %one : <64x64xf32>
  tile.store %next, %out : <64x64xf32>, <64x64xf32>
  return
}

// -----

// Sub-tile stores of one shape only, and an in-place update through one
// layout: every element stays with its thread, so no barrier.
// CHECK-LABEL: func.func @same_threads
// CHECK-NOT: gpu.barrier
// CHECK: return
func.func @same_threads(%out: !tile.piece<16x64xf32>, %y: !tile.piece<4096xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %row = tile.constant dense<2.0> : !tile.tile<1x64xf32>
  tile.store_at %row, %out[%c0, %c0] : <1x64xf32>, <16x64xf32>
  tile.store_at %row, %out[%c1, %c0] : <1x64xf32>, <16x64xf32>
  %v = tile.load_piece %y : <4096xf32> -> <4096xf32>
  %w = tile.add %v, %v : <4096xf32>
  tile.store %w, %y : <4096xf32>, <4096xf32>
  return
}

// -----

// A piece of 64 elements in a program of 4 warps: the layout has replicas,
// and a load after a store reads, in every replica, what the first of them
// stored. The two sides of a branch never both run: no barrier between
// them, only before the load after the branch.
// CHECK-LABEL: func.func @replicas
// CHECK: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: } else {
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tile.load_piece
func.func @replicas(%out: !tile.piece<64xf32>, %copy: !tile.piece<64xf32>, %c: i1) attributes {tile.kernel} {
  %a = tile.constant dense<1.0> : !tile.tile<64xf32>
  %b = tile.constant dense<2.0> : !tile.tile<64xf32>
  scf.if %c {
    tile.store %a, %out : <64xf32>, <64xf32>
  } else {
    tile.store %b, %out : <64xf32>, <64xf32>
  }
  %v = tile.load_piece %out : <64xf32> -> <64xf32>
  tile.store %v, %copy : <64xf32>, <64xf32>
  return
}
