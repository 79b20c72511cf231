// RUN: not tile-interp %s 2>&1 | FileCheck %s

// The interpreter runs the scalar code, element-wise tiles, reshapes,
// reductions, scans, sorts and scatters of kernels; anything else is an
// error naming the operation, not a wrong result.
// CHECK: tile-interp: error: kernel 'argmax': {{.*}}unsupported.mlir:10:8: tile.argmax: not a tile operation the interpreter runs
func.func @argmax(%out: !tile.piece<1x1xi32>) attributes {tile.kernel, tile.name = "argmax"} {
  %c = arith.constant 1.0 : f32
  %t = tile.splat %c : f32 -> <1x4xf32>
  %r = tile.argmax %t {axis = 1 : i32} : !tile.tile<1x4xf32> to !tile.tile<1x1xi32>
  tile.store %r, %out : <1x1xi32>, <1x1xi32>
  return
}
