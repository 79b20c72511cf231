// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-grid-dependency))" | FileCheck %s

// A kernel starts by letting the next grid launch, then waits for the grid
// before it; its own code follows unchanged.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @kernel
  // CHECK-NEXT: nvvm.griddepcontrol launch_dependents
  // CHECK-NEXT: nvvm.griddepcontrol wait
  // CHECK-NEXT: gpu.block_id x
  // CHECK-NEXT: gpu.return
  gpu.func @kernel() kernel {
    %0 = gpu.block_id x
    gpu.return
  }

  // A device function is not launched: it is left as it is.
  // CHECK-LABEL: gpu.func @helper
  // CHECK-NOT: nvvm.griddepcontrol
  // CHECK: gpu.return
  gpu.func @helper() {
    gpu.return
  }
}
