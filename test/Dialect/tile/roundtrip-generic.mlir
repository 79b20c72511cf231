// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The generic form keeps every inherent attribute as a property, and parses
// back to the same custom form.

// GENERIC-LABEL: sym_name = "generic"
// GENERIC: %[[P:.*]] = "tile.program_id"() <{axis = 0 : i32}> : () -> i32
// GENERIC: "tile.load"(%{{.*}}, %[[P]], %[[P]]) <{padding = 0xFF800000 : f32}> : (!tile.view<?x?xf32>, i32, i32) -> !tile.tile<64x128xf32>
// GENERIC: "tile.load"(%{{.*}}, %[[P]], %[[P]]) : (!tile.view<?x?xf32>, i32, i32) -> !tile.tile<64x128xf32>
// GENERIC: "tile.constant"() <{value = dense<1.000000e+00> : !tile.tile<64x128xf32>}> : () -> !tile.tile<64x128xf32>
// GENERIC: "tile.permute"(%{{.*}}) <{permutation = array<i64: 1, 0>}> : (!tile.tile<64x128xf32>) -> !tile.tile<128x64xf32>
// GENERIC: "tile.reduce"(%{{.*}}) <{axis = 0 : i32, kind = #tile<reduce max>}> : (!tile.tile<128x64xf32>) -> !tile.tile<1x64xf32>
// GENERIC: "tile.argmax"(%{{.*}}) <{axis = 1 : i32}> : (!tile.tile<64x128xf32>) -> !tile.tile<64x1xi32>
// GENERIC: "tile.store"(%{{.*}}, %{{.*}}) : (!tile.tile<64x128xf32>, !tile.piece<64x128xf32>) -> ()

// CHECK-LABEL: func.func @generic
// CHECK: %[[P:.*]] = tile.program_id 0 : i32
// CHECK: tile.load %{{.*}}[%[[P]], %[[P]]] padding 0xFF800000 : f32 : <?x?xf32> -> <64x128xf32>
// CHECK: tile.load %{{.*}}[%[[P]], %[[P]]] : <?x?xf32> -> <64x128xf32>
// CHECK: tile.constant dense<1.000000e+00> : !tile.tile<64x128xf32>
// CHECK: tile.permute %{{.*}} [1, 0] : <64x128xf32> to <128x64xf32>
// CHECK: tile.reduce max %{{.*}} {axis = 0 : i32} : <128x64xf32> to <1x64xf32>
// CHECK: tile.argmax %{{.*}} {axis = 1 : i32} : <64x128xf32> to <64x1xi32>
// CHECK: tile.store %{{.*}}, %{{.*}} : <64x128xf32>, <64x128xf32>
func.func @generic(%out: !tile.piece<64x128xf32>, %in: !tile.view<?x?xf32>) {
  %p = tile.program_id 0 : i32
  %a = tile.load %in[%p, %p] padding 0xFF800000 : f32 : !tile.view<?x?xf32> -> !tile.tile<64x128xf32>
  %b = tile.load %in[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<64x128xf32>
  %c = tile.constant dense<1.0> : !tile.tile<64x128xf32>
  %t = tile.permute %a [1, 0] : !tile.tile<64x128xf32> to !tile.tile<128x64xf32>
  %r = tile.reduce max %t {axis = 0 : i32} : !tile.tile<128x64xf32> to !tile.tile<1x64xf32>
  %i = tile.argmax %b {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xi32>
  tile.store %c, %out : !tile.tile<64x128xf32>, !tile.piece<64x128xf32>
  return
}

// Ops written in the generic form print in the custom form.
// CHECK-LABEL: func.func @from_generic
// CHECK-NEXT: tile.splat %{{.*}} : f32 -> <8xf32>
// CHECK-NEXT: tile.cmp le, %{{.*}}, %{{.*}} : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.select %{{.*}}, %{{.*}}, %{{.*}} : <8xi1>, <8xf32>
// CHECK-NEXT: tile.num_programs 2 : i32
func.func @from_generic(%s: f32) -> (!tile.tile<8xf32>, i32) {
  %0 = "tile.splat"(%s) : (f32) -> !tile.tile<8xf32>
  %1 = "tile.cmp"(%0, %0) <{predicate = #tile<cmp le>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
  %2 = "tile.select"(%1, %0, %0) : (!tile.tile<8xi1>, !tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xf32>
  %3 = "tile.num_programs"() <{axis = 2 : i32}> : () -> i32
  return %2, %3 : !tile.tile<8xf32>, i32
}

// CHECK-LABEL: func.func @assertion
// CHECK-NEXT: tile.assert %{{.*}}, "row < 16", "rows come from the table"
func.func @assertion(%ok: i1) {
  tile.assert %ok, "row < 16", "rows come from the table"
  return
}

// CHECK-LABEL: func.func @printing
// CHECK-NEXT: tile.print "largest" %{{.*}} : f32
func.func @printing(%v: f32) {
  tile.print "largest" %v : f32
  return
}
