// RUN: tile-opt %s -allow-unregistered-dialect --pass-pipeline="builtin.module(gpu.module(tile-program-order))" | FileCheck %s

// With groups of 8, the launch index l = y * gx + x goes through groups of
// 8 * gy programs: x' = 8 * g + (l mod 8 * gy) mod rows, y' = (l mod 8 * gy)
// / rows, rows = min(gx - 8 * g, 8). Every use of the block index along x
// and y sees that position; z stays.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @grouped
  // CHECK-NOT: tile.program_groups
  // CHECK-DAG: %[[G:.*]] = arith.constant 8 : index
  // CHECK-DAG: %[[X:.*]] = gpu.block_id {{ *}}x
  // CHECK-DAG: %[[Y:.*]] = gpu.block_id {{ *}}y
  // CHECK-DAG: %[[GX:.*]] = gpu.grid_dim {{ *}}x
  // CHECK-DAG: %[[GY:.*]] = gpu.grid_dim {{ *}}y
  // CHECK: %[[YGX:.*]] = arith.muli %[[Y]], %[[GX]] : index
  // CHECK: %[[L:.*]] = arith.addi %[[YGX]], %[[X]] : index
  // CHECK: %[[PER:.*]] = arith.muli %[[G]], %[[GY]] : index
  // CHECK: %[[GROUP:.*]] = arith.divui %[[L]], %[[PER]] : index
  // CHECK: %[[FIRST:.*]] = arith.muli %[[GROUP]], %[[G]] : index
  // CHECK: %[[LEFT:.*]] = arith.subi %[[GX]], %[[FIRST]] : index
  // CHECK: %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[G]] : index
  // CHECK: %[[WITHIN:.*]] = arith.remui %[[L]], %[[PER]] : index
  // CHECK: %[[OFF:.*]] = arith.remui %[[WITHIN]], %[[ROWS]] : index
  // CHECK: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[OFF]] : index
  // CHECK: %[[COLUMN:.*]] = arith.divui %[[WITHIN]], %[[ROWS]] : index
  // CHECK: %[[Z:.*]] = gpu.block_id {{ *}}z
  // CHECK: "use"(%[[ROW]], %[[COLUMN]], %[[Z]], %[[ROW]])
  // CHECK-NOT: gpu.block_id
  gpu.func @grouped() kernel attributes {tile.program_groups = 8 : i64} {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %z = gpu.block_id z
    %x2 = gpu.block_id x
    "use"(%x, %y, %z, %x2) : (index, index, index, index) -> ()
    gpu.return
  }

  // Groups of one are the launch order: the kernel is left as it is, but
  // for the attribute.
  // CHECK-LABEL: gpu.func @ungrouped
  // CHECK-NOT: tile.program_groups
  // CHECK-NEXT: gpu.block_id {{ *}}x
  // CHECK-NEXT: "use"
  gpu.func @ungrouped() kernel attributes {tile.program_groups = 1 : i64} {
    %x = gpu.block_id x
    "use"(%x) : (index) -> ()
    gpu.return
  }

  // Without the attribute nothing changes.
  // CHECK-LABEL: gpu.func @plain
  // CHECK-NEXT: gpu.block_id {{ *}}x
  gpu.func @plain() kernel {
    %x = gpu.block_id x
    "use"(%x) : (index) -> ()
    gpu.return
  }
}
