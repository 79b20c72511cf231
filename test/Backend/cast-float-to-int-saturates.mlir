// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa toolkit=%cuda_root" | FileCheck %s
// Bug: tile.cast from float to integer is documented to truncate and
// saturate (TileOps.td; host mode in runtime/include/tile/kernel/elementwise.h),
// but convertElements (compiler/conversion/lib/ElementwiseToArith.cpp) emits a
// plain arith.fptosi, which is poison for out-of-range inputs and NaN. Here
// LLVM folds fptosi(1e10) to poison and deletes the stores: the kernel writes
// nothing, where 2147483647 is due.

// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: .visible .entry saturate(
// CHECK-SAME: {{st.global.v4.b32.*2147483647|2147483647.*st.global.v4.b32}}
func.func @saturate(%out: !tile.piece<512xi32>) attributes {tile.kernel} {
  %x = tile.constant dense<1.0e10> : !tile.tile<512xf32>
  %y = tile.cast %x : !tile.tile<512xf32> to !tile.tile<512xi32>
  tile.store %y, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
