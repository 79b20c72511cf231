// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Where the condition fails, thread 0 reports through cf.assert (the
// device's __assertfail after the NVVM lowering) and every thread traps
// after a barrier, so that none runs past the assertion.
// CHECK-LABEL: gpu.func @assertion
// CHECK-SAME: %[[OK:[^:]*]]: i1)
// CHECK: %[[FAILS:.*]] = arith.xori %[[OK]], %true : i1
// CHECK: scf.if %[[FAILS]] {
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[OTHERS:.*]] = arith.cmpi ne, %[[TID]], %{{.*}} : index
// CHECK: cf.assert %[[OTHERS]], "TILE_ASSERT(row < 16) failed in check: rows come from the table"
// CHECK: gpu.barrier
// CHECK: llvm.intr.trap
// CHECK: }
// CHECK: llvm.store
func.func @assertion(%out: !tile.piece<64xf32>, %ok: i1) attributes {tile.kernel, tile.name = "check"} {
  tile.assert %ok, "row < 16", "rows come from the table"
  %t = tile.constant dense<1.0> : !tile.tile<64xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}
