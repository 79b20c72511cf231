// RUN: tile-opt %s --tile-assign-layouts='wgmma=true max-threads=128' --tile-pipeline-register-dots --split-input-file | FileCheck %s

// An attention loop on sm_90a keeps its tiles where the products leave
// them. The causal mask, computed from iotas and splats, is re-created in
// the scores' accumulator layout; the running maximum and sum are carried in
// the layout of the scores' row reductions (after a second walk: their
// initial values are blocked); the output accumulator, rescaled before its
// product, is carried in the product's layout. The queries and the weights
// are the products' `a` in registers, in the accumulator layout
// (pipeline-register-dots.mlir has the rest): the queries convert once,
// before the loop. Nothing converts in the loop; only the store after it
// needs the blocked layout.
// CHECK-LABEL: func.func @attention
// CHECK: tile.load
// CHECK-NEXT: tile.convert_layout {{.*}} to <64x64xbf16, #tile.layout<registers = [0, 9, 3, 4, 5], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// CHECK: scf.for {{.*}} -> (!tile.tile<64x1xf32, #tile.layout<registers = [3], lanes = [-1, -1, 0, 1, 2], warps = [4, 5]>>, !tile.tile<64x1xf32, #tile.layout<registers = [3], lanes = [-1, -1, 0, 1, 2], warps = [4, 5]>>, !tile.tile<64x64xf32, #tile.layout<registers = [0, 9, 3, 4, 5], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>)
// CHECK-NOT: tile.convert_layout
// CHECK: tilegpu.register_staged_dot
// CHECK-NOT: tile.convert_layout
// CHECK: tile.cmp gt, {{.*}} -> <64x64xi1, #tile.layout<registers = [0, 9, 3, 4, 5], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// CHECK-NOT: tile.convert_layout
// CHECK: tilegpu.register_staged_dot
// CHECK-NOT: tile.convert_layout
// CHECK: scf.yield
// CHECK: tile.convert_layout
// CHECK-NEXT: tile.store
func.func @attention(%out: !tile.piece<64x64xbf16>, %q: !tile.view<?x?xbf16>, %k: !tile.view<?x?xbf16>, %v: !tile.view<?x?xbf16>, %steps: index) attributes {tile.kernel} {
  %hidden = tile.constant dense<-1.000000e+30> : !tile.tile<64x64xf32>
  %zeros = tile.constant dense<0.000000e+00> : !tile.tile<64x64xf32>
  %total0 = tile.constant dense<0.000000e+00> : !tile.tile<64x1xf32>
  %peak0 = tile.constant dense<-1.000000e+30> : !tile.tile<64x1xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %block = tile.program_id 0 : i32
  %queries = tile.load %q[%block, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %iota = tile.iota : !tile.tile<64xi32>
  %first = arith.muli %block, %c64_i32 : i32
  %firsts = tile.splat %first : i32 -> !tile.tile<64xi32>
  %rowIds = tile.add %iota, %firsts : !tile.tile<64xi32>
  %rowColumn = tile.reshape %rowIds : !tile.tile<64xi32> to !tile.tile<64x1xi32>
  %rows = tile.broadcast %rowColumn : !tile.tile<64x1xi32> to !tile.tile<64x64xi32>
  %columnRow = tile.reshape %iota : !tile.tile<64xi32> to !tile.tile<1x64xi32>
  %columns = tile.broadcast %columnRow : !tile.tile<1x64xi32> to !tile.tile<64x64xi32>
  %r:3 = scf.for %i = %c0 to %steps step %c1 iter_args(%peak = %peak0, %total = %total0, %acc = %zeros) -> (!tile.tile<64x1xf32>, !tile.tile<64x1xf32>, !tile.tile<64x64xf32>) {
    %step = arith.index_cast %i : index to i32
    %keys = tile.load %k[%step, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %keysT = tile.permute %keys [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %scores = tile.dot %queries, %keysT, %zeros : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    %offset = arith.muli %step, %c64_i32 : i32
    %offsets = tile.splat %offset : i32 -> !tile.tile<64x64xi32>
    %keyIds = tile.add %columns, %offsets : !tile.tile<64x64xi32>
    %mask = tile.cmp gt, %keyIds, %rows : !tile.tile<64x64xi32> -> !tile.tile<64x64xi1>
    %masked = tile.select %mask, %hidden, %scores : !tile.tile<64x64xi1>, !tile.tile<64x64xf32>
    %rowMax = tile.reduce max %masked {axis = 1 : i32} : !tile.tile<64x64xf32> to !tile.tile<64x1xf32>
    %newPeak = tile.max %peak, %rowMax : !tile.tile<64x1xf32>
    %peaks = tile.broadcast %newPeak : !tile.tile<64x1xf32> to !tile.tile<64x64xf32>
    %shifted = tile.sub %masked, %peaks : !tile.tile<64x64xf32>
    %weights = tile.exp %shifted : !tile.tile<64x64xf32>
    %drop = tile.sub %peak, %newPeak : !tile.tile<64x1xf32>
    %rescale = tile.exp %drop : !tile.tile<64x1xf32>
    %kept = tile.mul %total, %rescale : !tile.tile<64x1xf32>
    %sums = tile.reduce sum %weights {axis = 1 : i32} : !tile.tile<64x64xf32> to !tile.tile<64x1xf32>
    %newTotal = tile.add %kept, %sums : !tile.tile<64x1xf32>
    %narrow = tile.cast %weights : !tile.tile<64x64xf32> to !tile.tile<64x64xbf16>
    %values = tile.load %v[%step, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %rescales = tile.broadcast %rescale : !tile.tile<64x1xf32> to !tile.tile<64x64xf32>
    %scaled = tile.mul %acc, %rescales : !tile.tile<64x64xf32>
    %newAcc = tile.dot %narrow, %values, %scaled : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    scf.yield %newPeak, %newTotal, %newAcc : !tile.tile<64x1xf32>, !tile.tile<64x1xf32>, !tile.tile<64x64xf32>
  }
  %totals = tile.broadcast %r#1 : !tile.tile<64x1xf32> to !tile.tile<64x64xf32>
  %result = tile.div %r#2, %totals : !tile.tile<64x64xf32>
  %narrowed = tile.cast %result : !tile.tile<64x64xf32> to !tile.tile<64x64xbf16>
  tile.store %narrowed, %out : !tile.tile<64x64xbf16>, !tile.piece<64x64xbf16>
  return
}

// -----

// A mask loaded from memory is not re-created: it converts once, right
// after its load before the loop, not in every iteration.
// CHECK-LABEL: func.func @loaded_mask
// CHECK: tile.load
// CHECK: tile.load {{.*}} -> <64x64xf32
// CHECK-NEXT: tile.convert_layout
// CHECK: scf.for
// CHECK-NOT: tile.convert_layout
// CHECK: scf.yield
func.func @loaded_mask(%out: !tile.piece<64x64xf32>, %q: !tile.view<?x?xbf16>, %m: !tile.view<?x?xf32>, %k: !tile.view<?x?xbf16>, %steps: index) attributes {tile.kernel} {
  %zeros = tile.constant dense<0.000000e+00> : !tile.tile<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %block = tile.program_id 0 : i32
  %queries = tile.load %q[%block, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %bias = tile.load %m[%block, %c0_i32] : !tile.view<?x?xf32> -> !tile.tile<64x64xf32>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %zeros) -> (!tile.tile<64x64xf32>) {
    %step = arith.index_cast %i : index to i32
    %keys = tile.load %k[%step, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %keysT = tile.permute %keys [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %scores = tile.dot %queries, %keysT, %zeros : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    %biased = tile.add %scores, %bias : !tile.tile<64x64xf32>
    %next = tile.add %sum, %biased : !tile.tile<64x64xf32>
    scf.yield %next : !tile.tile<64x64xf32>
  }
  tile.store %r, %out : !tile.tile<64x64xf32>, !tile.piece<64x64xf32>
  return
}
