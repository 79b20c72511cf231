// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// The program's first thread prints through gpu.printf, in host mode's
// format: a float as a double (%g), an i64 as %lld, narrow integers and
// bools as int, then the program's position.
// CHECK-LABEL: gpu.func @show
// CHECK-SAME: %[[F:[^:]*]]: f32, %[[N:[^:]*]]: i64, %[[B:[^:]*]]: i1)
// CHECK: %[[D:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: gpu.block_id x
// CHECK: gpu.block_id y
// CHECK: gpu.block_id z
// CHECK: gpu.printf "largest %g (program %d, %d, %d)\0A", %[[D]]
// CHECK: gpu.printf "n %lld (program %d, %d, %d)\0A", %[[N]]
// CHECK: %[[I:.*]] = arith.extui %[[B]] : i1 to i32
// CHECK: gpu.printf "flag %d (program %d, %d, %d)\0A", %[[I]]
func.func @show(%out: !tile.piece<64xf32>, %f: f32, %n: i64, %b: i1) attributes {tile.kernel} {
  tile.print "largest" %f : f32
  tile.print "n" %n : i64
  tile.print "flag" %b : i1
  return
}
