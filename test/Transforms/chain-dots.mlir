// RUN: tile-opt %s --tile-assign-layouts="wgmma=true" --tile-chain-dots --split-input-file | FileCheck %s
// RUN: not tile-opt %s --tile-chain-dots --split-input-file 2>&1 | FileCheck %s --check-prefix=NO-LAYOUTS

// A warpgroup product that is the loop's accumulation step is chained: its
// products run on into the next iteration, and a tilegpu.dot_wait after the
// loop waits for the last before anything reads the result.
// CHECK-LABEL: func.func @accumulation
// CHECK: scf.for
// CHECK: tile.dot {{.*}} {tile.wgmma, tile.wgmma_chained}
// CHECK-NEXT: scf.yield
// CHECK: %[[DONE:.*]] = tilegpu.dot_wait
// CHECK-NOT: tilegpu.dot_wait
// CHECK: tile.convert_layout %[[DONE]]
// Without layouts the pass cannot tell what uses shared memory.
// NO-LAYOUTS: error: 'func.func' op has no thread layouts; run tile-assign-layouts before tile-chain-dots
func.func @accumulation(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
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

// The iteration reads the accumulator besides the product (a running sum
// of it), so each step's products must be done within the iteration.
// CHECK-LABEL: func.func @accumulator_read_in_loop
// CHECK: tile.dot {{.*}} {tile.wgmma} :
// CHECK-NOT: tile.wgmma_chained
// CHECK-NOT: tilegpu.dot_wait
// CHECK: return
func.func @accumulator_read_in_loop(%out: !tile.piece<128x64xf32>, %out2: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init, %seen = %init) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    %s = tile.add %seen, %sum : !tile.tile<128x64xf32>
    scf.yield %d, %s : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
  }
  tile.store %acc#0, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  tile.store %acc#1, %out2 : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// Two accumulations in one loop share the shared memory: neither is
// chained.
// CHECK-LABEL: func.func @two_accumulations
// CHECK-NOT: tile.wgmma_chained
// CHECK-NOT: tilegpu.dot_wait
// CHECK: return
func.func @two_accumulations(%out: !tile.piece<128x64xf32>, %out2: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %init, %t = %init) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %s : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    %e = tile.dot %x, %y, %t : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d, %e : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
  }
  tile.store %acc#0, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  tile.store %acc#1, %out2 : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}
