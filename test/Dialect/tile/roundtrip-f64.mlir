// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// f64 is an element type like f32: pieces, views, atomic outputs, scalars,
// arithmetic, math, comparisons, reductions with a combiner and casts.

// CHECK-LABEL: func.func @f64
// CHECK-SAME: (%[[OUT:[^:]*]]: !tile.piece<64xf64>, %[[X:[^:]*]]: !tile.view<?xf64>, %[[SUM:[^:]*]]: !tile.atomic<?xf64>, %[[S:[^:]*]]: f64)
// CHECK: %[[T:.*]] = tile.load %[[X]][%{{.*}}] : <?xf64> -> <64xf64>
// CHECK-NEXT: %[[SPLAT:.*]] = tile.splat %[[S]] : f64 -> <64xf64>
// CHECK-NEXT: %[[MUL:.*]] = tile.mul %[[T]], %[[SPLAT]] : <64xf64>
// CHECK-NEXT: %[[EXP:.*]] = tile.exp %[[MUL]] : <64xf64>
// CHECK-NEXT: %[[FMA:.*]] = tile.fma %[[EXP]], %[[T]], %[[T]] : <64xf64>
// CHECK-NEXT: %[[POW:.*]] = tile.pow %[[FMA]], %[[T]] : <64xf64>
// CHECK-NEXT: %[[GT:.*]] = tile.cmp {{ *}}gt, %[[POW]], %[[T]] : <64xf64> -> <64xi1>
// CHECK-NEXT: %[[SEL:.*]] = tile.select %[[GT]], %[[POW]], %[[T]] : <64xi1>, <64xf64>
// CHECK-NEXT: %[[NARROW:.*]] = tile.cast %[[SEL]] : <64xf64> to <64xf32>
// CHECK-NEXT: %[[WIDE:.*]] = tile.cast %[[NARROW]] : <64xf32> to <64xf64>
// CHECK-NEXT: %[[BITS:.*]] = tile.bitcast %[[WIDE]] : <64xf64> to <64xi64>
// CHECK-NEXT: %[[BACK:.*]] = tile.bitcast %[[BITS]] : <64xi64> to <64xf64>
// CHECK-NEXT: %[[TOTAL:.*]] = tile.reduce {{ *}}sum %[[BACK]] {axis = 0 : i32} : <64xf64> to <1xf64>
// CHECK-NEXT: %[[LARGEST:.*]] = tile.reduce_with %[[BACK]] {axis = 0 : i32} : <64xf64> to <1xf64> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[A]], %[[B]] : f64
// CHECK-NEXT: tile.yield %[[M]] : f64
// CHECK-NEXT: }
// CHECK-NEXT: %[[ITEM:.*]] = tile.item %[[TOTAL]] : <1xf64> -> f64
// CHECK: tile.atomic_update {{ *}}add %[[SUM]][%{{.*}}], %[[LARGEST]] : <?xf64>[!tile.tile<1xi32>], <1xf64>
// CHECK: tile.store %{{.*}}, %[[OUT]] : <64xf64>, <64xf64>
func.func @f64(%out: !tile.piece<64xf64>, %x: !tile.view<?xf64>,
               %sum: !tile.atomic<?xf64>, %s: f64) {
  %pid = tile.program_id 0 : i32
  %t = tile.load %x[%pid] : !tile.view<?xf64> -> !tile.tile<64xf64>
  %splat = tile.splat %s : f64 -> !tile.tile<64xf64>
  %mul = tile.mul %t, %splat : !tile.tile<64xf64>
  %exp = tile.exp %mul : !tile.tile<64xf64>
  %fma = tile.fma %exp, %t, %t : !tile.tile<64xf64>
  %pow = tile.pow %fma, %t : !tile.tile<64xf64>
  %gt = tile.cmp gt, %pow, %t : !tile.tile<64xf64> -> !tile.tile<64xi1>
  %sel = tile.select %gt, %pow, %t : !tile.tile<64xi1>, !tile.tile<64xf64>
  %narrow = tile.cast %sel : !tile.tile<64xf64> to !tile.tile<64xf32>
  %wide = tile.cast %narrow : !tile.tile<64xf32> to !tile.tile<64xf64>
  %bits = tile.bitcast %wide : !tile.tile<64xf64> to !tile.tile<64xi64>
  %back = tile.bitcast %bits : !tile.tile<64xi64> to !tile.tile<64xf64>
  %total = tile.reduce sum %back {axis = 0 : i32} : !tile.tile<64xf64> to !tile.tile<1xf64>
  %largest = tile.reduce_with %back {axis = 0 : i32} : !tile.tile<64xf64> to !tile.tile<1xf64> {
  ^bb0(%a: f64, %b: f64):
    %m = arith.maximumf %a, %b : f64
    tile.yield %m : f64
  }
  %item = tile.item %total : !tile.tile<1xf64> -> f64
  %zero = tile.constant dense<0> : !tile.tile<1xi32>
  tile.atomic_update add %sum[%zero], %largest : !tile.atomic<?xf64>[!tile.tile<1xi32>], !tile.tile<1xf64>
  %shifted = tile.add %back, %splat : !tile.tile<64xf64>
  %scaled = tile.splat %item : f64 -> !tile.tile<64xf64>
  %result = tile.sub %shifted, %scaled : !tile.tile<64xf64>
  tile.store %result, %out : !tile.tile<64xf64>, !tile.piece<64xf64>
  return
}
