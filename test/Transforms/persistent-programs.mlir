// RUN: tile-opt %s -allow-unregistered-dialect --pass-pipeline="builtin.module(gpu.module(tile-persistent-programs))" | FileCheck %s

// A persistent kernel takes the piece grid (gx, gy, gz) after its own
// parameters and before its tensor maps, and runs its body for the launch
// positions v = block_id.x, block_id.x + grid_dim.x, ... below gx * gy * gz,
// each seeing the position (v mod gx, v / gx mod gy, v / gx / gy) as its
// block index and the piece grid as the grid; a barrier ends each run.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @walks(
  // CHECK-SAME: %[[P:[^:]*]]: i64, %[[GXA:[^:]*]]: i32, %[[GYA:[^:]*]]: i32, %[[GZA:[^:]*]]: i32, %[[MAP:[^:]*]]: !llvm.ptr)
  // CHECK-SAME: tile.persistent = 2 : i64
  // CHECK: %[[GX:.*]] = arith.index_castui %[[GXA]] : i32 to index
  // CHECK: %[[GY:.*]] = arith.index_castui %[[GYA]] : i32 to index
  // CHECK: %[[GZ:.*]] = arith.index_castui %[[GZA]] : i32 to index
  // CHECK: %[[PLANE:.*]] = arith.muli %[[GX]], %[[GY]] : index
  // CHECK: %[[TOTAL:.*]] = arith.muli %[[PLANE]], %[[GZ]] : index
  // CHECK: %[[START:.*]] = gpu.block_id {{ *}}x
  // CHECK: %[[STEP:.*]] = gpu.grid_dim {{ *}}x
  // CHECK: cf.br ^[[HEADER:.*]](%[[START]] : index)
  // CHECK: ^[[HEADER]](%[[V:.*]]: index):
  // CHECK: %[[MORE:.*]] = arith.cmpi ult, %[[V]], %[[TOTAL]] : index
  // CHECK: cf.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:[^ ]*]]
  // CHECK: ^[[BODY]]:
  // CHECK: %[[X:.*]] = arith.remui %[[V]], %[[GX]] : index
  // CHECK: %[[REST:.*]] = arith.divui %[[V]], %[[GX]] : index
  // CHECK: %[[Y:.*]] = arith.remui %[[REST]], %[[GY]] : index
  // CHECK: %[[Z:.*]] = arith.divui %[[REST]], %[[GY]] : index
  // CHECK: "use"(%[[P]], %[[X]], %[[Y]], %[[Z]], %[[GX]], %[[GY]], %[[GZ]], %[[MAP]])
  // CHECK: cf.cond_br %{{.*}}, ^[[LEFT:.*]], ^[[RIGHT:[^ ]*]]
  // CHECK: ^[[LEFT]]:
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[V]], %[[STEP]] : index
  // CHECK-NEXT: cf.br ^[[HEADER]](%[[NEXT]] : index)
  // CHECK: ^[[RIGHT]]:
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: %[[NEXT2:.*]] = arith.addi %[[V]], %[[STEP]] : index
  // CHECK-NEXT: cf.br ^[[HEADER]](%[[NEXT2]] : index)
  // CHECK: ^[[EXIT]]:
  // CHECK-NEXT: gpu.return
  // CHECK-NOT: gpu.block_id
  // CHECK-NOT: gpu.grid_dim
  gpu.func @walks(%p: i64, %map: !llvm.ptr) kernel
      attributes {tile.persistent = 2 : i64,
                  tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [64, 64], swizzle = 128>]} {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %z = gpu.block_id z
    %gx = gpu.grid_dim x
    %gy = gpu.grid_dim y
    %gz = gpu.grid_dim z
    "use"(%p, %x, %y, %z, %gx, %gy, %gz, %map) : (i64, index, index, index, index, index, index, !llvm.ptr) -> ()
    %c = "cond"() : () -> i1
    cf.cond_br %c, ^left, ^right
  ^left:
    gpu.return
  ^right:
    gpu.return
  }

  // Without the attribute nothing changes.
  // CHECK-LABEL: gpu.func @plain(%{{.*}}: i64)
  // CHECK-NEXT: gpu.block_id {{ *}}x
  // CHECK-NEXT: "use"
  // CHECK-NEXT: gpu.return
  gpu.func @plain(%p: i64) kernel {
    %x = gpu.block_id x
    "use"(%x) : (index) -> ()
    gpu.return
  }
}
