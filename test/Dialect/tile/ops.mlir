// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func @memory
func.func @memory(%out: !tile.piece<64x32xf32>, %in: !tile.view<?x?xf32>) {
  // CHECK: %[[PID:.*]] = tile.program_id 0 : i32
  %pid = tile.program_id 0 : i32
  // CHECK: tile.num_programs 2 : i32
  %n = tile.num_programs 2 : i32
  // CHECK: tile.load %{{.*}}[%[[PID]], %{{.*}}] : <?x?xf32> -> <64x32xf32>
  %a = tile.load %in[%pid, %n] : !tile.view<?x?xf32> -> !tile.tile<64x32xf32>
  // CHECK: tile.load %{{.*}} padding 1.000000e+00 : f32
  %b = tile.load %in[%pid, %n] padding 1.0 : f32 : !tile.view<?x?xf32> -> !tile.tile<64x32xf32>
  // CHECK: tile.load_piece %{{.*}} : <64x32xf32> -> <64x32xf32>
  %c = tile.load_piece %out : !tile.piece<64x32xf32> -> !tile.tile<64x32xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}} : <64x32xf32>, <64x32xf32>
  tile.store %a, %out : !tile.tile<64x32xf32>, !tile.piece<64x32xf32>
  return
}

// CHECK-LABEL: func @creation
func.func @creation(%s: f16) -> (!tile.tile<4xf32>, !tile.tile<8xf16>, !tile.tile<16xi32>) {
  // CHECK: tile.constant dense<2.500000e+00> : !tile.tile<4xf32>
  %c = tile.constant dense<2.5> : !tile.tile<4xf32>
  // CHECK: tile.splat %{{.*}} : f16 -> <8xf16>
  %s8 = tile.splat %s : f16 -> !tile.tile<8xf16>
  // CHECK: tile.iota : <16xi32>
  %i = tile.iota : !tile.tile<16xi32>
  return %c, %s8, %i : !tile.tile<4xf32>, !tile.tile<8xf16>, !tile.tile<16xi32>
}

// CHECK-LABEL: func @arithmetic
func.func @arithmetic(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>, %i: !tile.tile<8xi64>) {
  // CHECK: tile.add
  %0 = tile.add %a, %b : !tile.tile<8xf32>
  // CHECK: tile.sub
  %1 = tile.sub %a, %b : !tile.tile<8xf32>
  // CHECK: tile.mul
  %2 = tile.mul %a, %b : !tile.tile<8xf32>
  // CHECK: tile.div
  %3 = tile.div %a, %b : !tile.tile<8xf32>
  // CHECK: tile.rem %{{.*}}, %{{.*}} : <8xi64>
  %4 = tile.rem %i, %i : !tile.tile<8xi64>
  // CHECK: tile.max
  %5 = tile.max %a, %b : !tile.tile<8xf32>
  // CHECK: tile.min
  %6 = tile.min %a, %b : !tile.tile<8xf32>
  // CHECK: tile.neg
  %7 = tile.neg %a : !tile.tile<8xf32>
  // CHECK: tile.abs %{{.*}} : <8xi64>
  %8 = tile.abs %i : !tile.tile<8xi64>
  // CHECK: tile.fma
  %9 = tile.fma %a, %b, %a : !tile.tile<8xf32>
  return
}

// CHECK-LABEL: func @math
func.func @math(%a: !tile.tile<8xbf16>) {
  // CHECK: tile.exp
  %0 = tile.exp %a : !tile.tile<8xbf16>
  // CHECK: tile.exp2
  %1 = tile.exp2 %a : !tile.tile<8xbf16>
  // CHECK: tile.log
  %2 = tile.log %a : !tile.tile<8xbf16>
  // CHECK: tile.sqrt
  %3 = tile.sqrt %a : !tile.tile<8xbf16>
  // CHECK: tile.rsqrt
  %4 = tile.rsqrt %a : !tile.tile<8xbf16>
  // CHECK: tile.tanh
  %5 = tile.tanh %a : !tile.tile<8xbf16>
  // CHECK: tile.sin
  %6 = tile.sin %a : !tile.tile<8xbf16>
  // CHECK: tile.cos
  %7 = tile.cos %a : !tile.tile<8xbf16>
  return
}

// CHECK-LABEL: func @compare_select_cast
func.func @compare_select_cast(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>) -> !tile.tile<8xbf16> {
  // CHECK: tile.cmp eq,
  %0 = tile.cmp eq, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.cmp ne,
  %1 = tile.cmp ne, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.cmp lt,
  %2 = tile.cmp lt, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.cmp le,
  %3 = tile.cmp le, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.cmp gt,
  %4 = tile.cmp gt, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.cmp ge, %{{.*}}, %{{.*}} : <8xf32> -> <8xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  // CHECK: tile.select %{{.*}} : <8xi1>, <8xf32>
  %6 = tile.select %5, %a, %b : !tile.tile<8xi1>, !tile.tile<8xf32>
  // CHECK: tile.cast %{{.*}} : <8xf32> to <8xbf16>
  %7 = tile.cast %6 : !tile.tile<8xf32> to !tile.tile<8xbf16>
  return %7 : !tile.tile<8xbf16>
}

// CHECK-LABEL: func @shape
func.func @shape(%r: !tile.tile<64x1xf32>, %m: !tile.tile<64x128xf32>,
                 %a: !tile.tile<64x32xf16>, %b: !tile.tile<32x128xf16>) {
  // CHECK: tile.broadcast %{{.*}} : <64x1xf32> to <64x128xf32>
  %0 = tile.broadcast %r : !tile.tile<64x1xf32> to !tile.tile<64x128xf32>
  // CHECK: tile.reshape %{{.*}} : <64x128xf32> to <8192xf32>
  %1 = tile.reshape %m : !tile.tile<64x128xf32> to !tile.tile<8192xf32>
  // CHECK: tile.permute %{{.*}} [1, 0] : <64x128xf32> to <128x64xf32>
  %2 = tile.permute %m [1, 0] : !tile.tile<64x128xf32> to !tile.tile<128x64xf32>
  // CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32} : <64x128xf32> to <64x1xf32>
  %3 = tile.reduce sum %m {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xf32>
  // CHECK: tile.reduce max
  %4 = tile.reduce max %m {axis = 0 : i32} : !tile.tile<64x128xf32> to !tile.tile<1x128xf32>
  // CHECK: tile.reduce min
  %5 = tile.reduce min %m {axis = 0 : i32} : !tile.tile<64x128xf32> to !tile.tile<1x128xf32>
  // CHECK: tile.argmax %{{.*}} {axis = 1 : i32} : <64x128xf32> to <64x1xi32>
  %6 = tile.argmax %m {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xi32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xf16>, <32x128xf16> -> <64x128xf32>
  %7 = tile.dot %a, %b, %m : !tile.tile<64x32xf16>, !tile.tile<32x128xf16> -> !tile.tile<64x128xf32>
  return
}
