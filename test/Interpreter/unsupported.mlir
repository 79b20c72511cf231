// RUN: not tile-interp %s 2>&1 | FileCheck %s

// The interpreter runs the scalar code and element-wise tiles of kernels;
// anything else is an error naming the operation, not a wrong result.
// CHECK: tile-interp: error: kernel 'reduce': {{.*}}unsupported.mlir:9:8: tile.reduce: not a tile operation the interpreter runs
func.func @reduce(%out: !tile.piece<1x4xf32>) attributes {tile.kernel, tile.name = "reduce"} {
  %c = arith.constant 1.0 : f32
  %t = tile.splat %c : f32 -> <1x4xf32>
  %r = tile.reduce sum %t {axis = 1 : i32} : <1x4xf32> to <1x1xf32>
  return
}
