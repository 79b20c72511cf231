// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: @types
// CHECK-SAME: !tile.tile<128x64xf32>
// CHECK-SAME: !tile.tile<8xbf16>
// CHECK-SAME: !tile.tile<2x2x2xi1>
// CHECK-SAME: !tile.view<?x?xf16>
// CHECK-SAME: !tile.view<?xi64>
// CHECK-SAME: !tile.piece<128xf16>
// CHECK-SAME: !tile.piece<16x32x4xi32>
func.func private @types(!tile.tile<128x64xf32>, !tile.tile<8xbf16>,
                         !tile.tile<2x2x2xi1>, !tile.view<?x?xf16>,
                         !tile.view<?xi64>, !tile.piece<128xf16>,
                         !tile.piece<16x32x4xi32>)
