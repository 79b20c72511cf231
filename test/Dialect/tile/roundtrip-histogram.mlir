// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @counts
// CHECK: tile.histogram %{{.*}} : <4x256xi32> -> <64xi32>
// CHECK: tile.histogram %{{.*}} if %{{.*}} : <128xi8>, {{.*}}<128xi1> -> <256xi32>
func.func @counts(%x: !tile.tile<4x256xi32>, %b: !tile.tile<128xi8>, %m: !tile.tile<128xi1>) -> (!tile.tile<64xi32>, !tile.tile<256xi32>) {
  %c = tile.histogram %x : !tile.tile<4x256xi32> -> !tile.tile<64xi32>
  %d = tile.histogram %b if %m : !tile.tile<128xi8>, !tile.tile<128xi1> -> !tile.tile<256xi32>
  return %c, %d : !tile.tile<64xi32>, !tile.tile<256xi32>
}
