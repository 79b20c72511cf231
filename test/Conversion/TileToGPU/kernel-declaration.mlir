// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-gpu 2>&1 | FileCheck %s --implicit-check-not="expected body with at least one block"
// Bug: a tile.kernel function without a body is turned into a gpu.func with
// an empty region (KernelFuncLowering in KernelToGPUFunc.cpp inlines the
// missing body and erases gpu.func's entry block); the pass reports nothing
// and the verifier then rejects its output with "'gpu.func' op expected body
// with at least one block". The pass should diagnose the kernel itself.

// CHECK: error:
func.func private @declared(%out: !tile.piece<512xf32>) attributes {tile.kernel}
