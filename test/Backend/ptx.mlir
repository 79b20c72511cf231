// The whole lowering through LLVM's NVPTX backend, as tilecc runs it.
// RUN: tile-opt %s --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa" | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_80 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa" | FileCheck %s --check-prefix=SM80

// SM90: gpu.binary @kernels
// SM90-SAME: .target sm_90
// SM90-SAME: .visible .entry add(
// SM90-SAME: .maxntid 128, 1, 1
// SM90-SAME: ld.global.v4.b32
// SM90-SAME: st.global.v4.b32
// SM80: .target sm_80
// SM80-SAME: .visible .entry add(
func.func @add(%out: !tile.piece<1024xf32>, %x: !tile.view<?xf32>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  %b = tile.load %y[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  %c = tile.add %a, %b : !tile.tile<1024xf32>
  tile.store %c, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}
