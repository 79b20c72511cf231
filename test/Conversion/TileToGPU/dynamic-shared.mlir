// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A kernel's shared buffer past 48 KiB is declared dynamic: an external
// array of no size, the bytes each launch must give on the global. Here
// the 128x128 f32 accumulator (64 KiB) is converted into the tensor cores'
// fragments.
// CHECK: llvm.mlir.global external @big_shared() {addr_space = 3 : i32, alignment = 16 : i64, tile.dynamic_shared_bytes = 65536 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: gpu.func @big
// CHECK: llvm.mlir.addressof @big_shared : !llvm.ptr<3>
func.func @big(%out: !tile.piece<128x128xf32>, %a: !tile.view<?x?xf16>, %b: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<128x16xf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x128xf16>
  %z = tile.load_piece %out : !tile.piece<128x128xf32> -> !tile.tile<128x128xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<128x16xf16>, !tile.tile<16x128xf16> -> !tile.tile<128x128xf32>
  tile.store %d, %out : !tile.tile<128x128xf32>, !tile.piece<128x128xf32>
  return
}

// -----

// 48 KiB and less stay a static buffer of their size.
// CHECK: llvm.mlir.global internal @small_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32768 x i8>
// CHECK-NOT: tile.dynamic_shared_bytes
func.func @small(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xf16>, %b: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<128x16xf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x64xf16>
  %z = tile.load_piece %out : !tile.piece<128x64xf32> -> !tile.tile<128x64xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<128x16xf16>, !tile.tile<16x64xf16> -> !tile.tile<128x64xf32>
  tile.store %d, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}
