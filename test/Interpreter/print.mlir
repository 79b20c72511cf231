// RUN: tile-interp %s --grid=2 --args=5 | FileCheck %s

// Each program prints its line, in program order, in host mode's format.
// CHECK: n 5 (program 0, 0, 0)
// CHECK-NEXT: half 2.5 (program 0, 0, 0)
// CHECK-NEXT: n 5 (program 1, 0, 0)
// CHECK-NEXT: half 2.5 (program 1, 0, 0)
func.func @show(%out: !tile.piece<4xi32>, %n: i32) attributes {tile.kernel, tile.name = "show"} {
  tile.print "n" %n : i32
  %f = arith.sitofp %n : i32 to f32
  %h = arith.constant 0.5 : f32
  %half = arith.mulf %f, %h : f32
  tile.print "half" %half : f32
  return
}
