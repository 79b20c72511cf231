// REQUIRES: libdevice
// f16 math through the whole pipeline: 16-byte loads of eight halves,
// widening to f32 for exp (libdevice, linked from the toolkit), rounding back
// to f16 in pairs, 16-byte stores.
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa toolkit=%cuda_root" | FileCheck %s

// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: .target sm_90
// CHECK-SAME: .visible .entry softplus(
// CHECK-SAME: .maxntid 128, 1, 1
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: cvt.f32.f16
// CHECK-SAME: ex2.approx
// CHECK-SAME: cvt.rn.f16x2.f32
// CHECK-SAME: st.global.v4.b32
func.func @softplus(%out: !tile.piece<2048xf16>, %x: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<2048xf16>
  %e = tile.exp %a : !tile.tile<2048xf16>
  %one = tile.constant dense<1.0> : !tile.tile<2048xf16>
  %s = tile.add %e, %one : !tile.tile<2048xf16>
  %l = tile.log %s : !tile.tile<2048xf16>
  tile.store %l, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}
