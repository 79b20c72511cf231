// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-gpu 2>&1 | FileCheck %s --implicit-check-not="expected body with at least one block"
// A tile.kernel function without a body is diagnosed by the conversion
// itself, at the kernel, rather than turned into a gpu.func with an empty
// region that the verifier rejects afterwards.

// CHECK: kernel-declaration.mlir:[[@LINE+1]]:1: error: 'func.func' op is a kernel without a body; define it, or drop its tile.kernel attribute
func.func private @declared(%out: !tile.piece<512xf32>) attributes {tile.kernel}
