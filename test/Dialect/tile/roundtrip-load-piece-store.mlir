// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @update
// CHECK-SAME: (%[[P:[^:]*]]: !tile.piece<128x64xf16>)
// CHECK-NEXT: %[[T:.*]] = tile.load_piece %[[P]] : <128x64xf16> -> <128x64xf16>
// CHECK-NEXT: %[[U:.*]] = tile.add %[[T]], %[[T]] : <128x64xf16>
// CHECK-NEXT: tile.store %[[U]], %[[P]] : <128x64xf16>, <128x64xf16>
func.func @update(%p: !tile.piece<128x64xf16>) {
  %t = tile.load_piece %p : !tile.piece<128x64xf16> -> !tile.tile<128x64xf16>
  %u = tile.add %t, %t : !tile.tile<128x64xf16>
  tile.store %u, %p : !tile.tile<128x64xf16>, !tile.piece<128x64xf16>
  return
}

// CHECK-LABEL: func.func @store_kinds
// CHECK: tile.store %{{.*}}, %{{.*}} : <8xi1>, <8xi1>
// CHECK: tile.store %{{.*}}, %{{.*}} : <2x4x8xi64>, <2x4x8xi64>
// CHECK: tile.load_piece %{{.*}} : <8xbf16> -> <8xbf16>
func.func @store_kinds(%b: !tile.piece<8xi1>, %tb: !tile.tile<8xi1>,
                       %l: !tile.piece<2x4x8xi64>, %tl: !tile.tile<2x4x8xi64>,
                       %h: !tile.piece<8xbf16>) -> !tile.tile<8xbf16> {
  tile.store %tb, %b : !tile.tile<8xi1>, !tile.piece<8xi1>
  tile.store %tl, %l : !tile.tile<2x4x8xi64>, !tile.piece<2x4x8xi64>
  %t = tile.load_piece %h : !tile.piece<8xbf16> -> !tile.tile<8xbf16>
  return %t : !tile.tile<8xbf16>
}
