// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-tensor-map-params))" | FileCheck %s

// A kernel's tensor maps, its last parameters, become the 128-byte
// parameters themselves, aligned to 64 bytes and marked grid constants;
// its other parameters keep their attributes.
// CHECK-LABEL: llvm.func @two_maps
// CHECK-SAME: (%arg0: !llvm.ptr<1>, %arg1: i64,
// CHECK-SAME: %arg2: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %arg3: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// A kernel without tensor maps is left as it is.
// CHECK-LABEL: llvm.func @no_maps
// CHECK-SAME: (%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr)
// CHECK-NOT: byval
gpu.module @kernels {
  llvm.func @two_maps(%out: !llvm.ptr<1>, %n: i64, %a: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel, tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [128, 64], swizzle = 128>, #tilegpu.tensor_map<view = 0, box = [256, 64], swizzle = 128>]} {
    llvm.return
  }
  llvm.func @no_maps(%out: !llvm.ptr<1>, %p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
    llvm.return
  }
}
