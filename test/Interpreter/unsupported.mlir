// RUN: not tile-interp %s 2>&1 | FileCheck %s

// The interpreter runs the scalar code, element-wise tiles, reshapes and
// reductions of kernels; anything else is an error naming the operation,
// not a wrong result.
// CHECK: tile-interp: error: kernel 'scan': {{.*}}unsupported.mlir:10:8: tile.scan: not a tile operation the interpreter runs
func.func @scan(%out: !tile.piece<1x4xf32>) attributes {tile.kernel, tile.name = "scan"} {
  %c = arith.constant 1.0 : f32
  %t = tile.splat %c : f32 -> <1x4xf32>
  %r = tile.scan sum %t {axis = 1 : i32} : <1x4xf32>
  tile.store %r, %out : <1x4xf32>, <1x4xf32>
  return
}
