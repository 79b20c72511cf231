// REQUIRES: ptxas
// The same pipeline down to a cubin: ptxas from the toolkit assembles the
// PTX into an ELF object for sm_90 and for sm_80.
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=bin toolkit=%cuda_root" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_80 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=bin toolkit=%cuda_root" | FileCheck %s --check-prefixes=CHECK,SM80

// CHECK-LABEL: gpu.binary @kernels
// SM90-SAME: #nvvm.target<chip = "sm_90"
// SM80-SAME: #nvvm.target<chip = "sm_80"
// CHECK-SAME: bin = "\7FELF
// CHECK-SAME: .text.scale
// CHECK-SAME: .nv.info.scale
// CHECK-NOT: assembly =
func.func @scale(%out: !tile.piece<64x32xf32>, %in: !tile.view<?x?xf32>, %a: f32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %in[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<64x32xf32>
  %s = tile.splat %a : f32 -> !tile.tile<64x32xf32>
  %r = tile.mul %t, %s : !tile.tile<64x32xf32>
  tile.store %r, %out : !tile.tile<64x32xf32>, !tile.piece<64x32xf32>
  return
}
