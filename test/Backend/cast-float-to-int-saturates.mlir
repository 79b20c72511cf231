// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa toolkit=%cuda_root" | FileCheck %s
// tile.cast from float to integer truncates and saturates (TileOps.td; host
// mode in runtime/include/tile/kernel/elementwise.h), also in the PTX: a cast
// of 1e10 to i32 stores 2147483647. A plain arith.fptosi would be poison for
// this out-of-range input, and LLVM would fold it and delete the stores.

// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: .visible .entry saturate(
// CHECK-SAME: {{st.global.v4.b32.*2147483647|2147483647.*st.global.v4.b32}}
func.func @saturate(%out: !tile.piece<512xi32>) attributes {tile.kernel} {
  %x = tile.constant dense<1.0e10> : !tile.tile<512xf32>
  %y = tile.cast %x : !tile.tile<512xf32> to !tile.tile<512xi32>
  tile.store %y, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
