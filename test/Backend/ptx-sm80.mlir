// The whole lowering of an f32 element-wise kernel through LLVM's NVPTX
// backend to PTX for sm_80 (Ampere): the same kernel as ptx-sm90.mlir. The
// assembly is a string attribute, its newlines and tabs escaped as \0A, \09.
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_80 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa toolkit=%cuda_root" | FileCheck %s

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">
// CHECK-SAME: assembly = "
// CHECK-SAME: .version 8.0\0A.target sm_80\0A.address_size 64
// CHECK-SAME: .visible .entry add_f32(\0A
// The ABI: output piece, then the two views, each a pointer, size and stride.
// CHECK-SAME: .param .u64 .ptr .global .align 1 add_f32_param_0,\0A
// CHECK-SAME: .param .u64 .ptr .global .align 1 add_f32_param_3,\0A
// CHECK-SAME: .param .u64 .ptr .global .align 1 add_f32_param_6,\0A
// CHECK-SAME: .param .u64 add_f32_param_8\0A)
// CHECK-SAME: .maxntid 128, 1, 1
// CHECK-SAME: %ctaid.x
// CHECK-SAME: %tid.x
// The vector path reads and writes 16 bytes at a time; the edge path one
// element at a time.
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: ld.global.b32
// CHECK-SAME: add.rn.f32
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: st.global.b32
// CHECK-SAME: ret;
// CHECK-NOT: gpu.module
// CHECK-NOT: gpu.func
func.func @add_f32(%out: !tile.piece<1024xf32>, %x: !tile.view<?xf32>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  %b = tile.load %y[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  %c = tile.add %a, %b : !tile.tile<1024xf32>
  tile.store %c, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}
