// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[P:[^:]*]]: !tile.piece<4x64xf32>, %[[T:[^:]*]]: !tile.tile<1x64xf32>, %[[R:[^:]*]]: i32)
// CHECK: tile.store_at %[[T]], %[[P]][%[[R]], %{{.*}}] : <1x64xf32>, <4x64xf32>
func.func @rows(%p: !tile.piece<4x64xf32>, %t: !tile.tile<1x64xf32>,
                %r: i32) {
  %c0 = arith.constant 0 : i32
  tile.store_at %t, %p[%r, %c0] : !tile.tile<1x64xf32>, !tile.piece<4x64xf32>
  return
}

// CHECK-LABEL: func.func @whole
// CHECK: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}] : <128xbf16>, <128xbf16>
func.func @whole(%p: !tile.piece<128xbf16>, %t: !tile.tile<128xbf16>) {
  %c0 = arith.constant 0 : i32
  tile.store_at %t, %p[%c0] : !tile.tile<128xbf16>, !tile.piece<128xbf16>
  return
}
