// RUN: tile-interp %s --args=3 | FileCheck %s
// RUN: not tile-interp %s --args=20 2>&1 | FileCheck %s --check-prefix=FAILS

// An assertion that holds lets the kernel go on; one that fails stops it
// with its text and message.
// CHECK: guarded: 3 3 3 3
// FAILS: tile-interp: error: kernel 'guarded': {{.*}}assertions.mlir:[[@LINE+4]]:3: tile.assert: kernel assertion `n < 16` failed: n comes from a table of 16
func.func @guarded(%out: !tile.piece<4xi32>, %n: i32) attributes {tile.kernel, tile.name = "guarded"} {
  %c16 = arith.constant 16 : i32
  %ok = arith.cmpi slt, %n, %c16 : i32
  tile.assert %ok, "n < 16", "n comes from a table of 16"
  %t = tile.splat %n : i32 -> <4xi32>
  tile.store %t, %out : <4xi32>, <4xi32>
  return
}
