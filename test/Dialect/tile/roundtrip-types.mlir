// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Every element type a tile may hold, at every rank.
// CHECK-LABEL: func.func private @tiles
// CHECK-SAME: (!tile.tile<128x64xf32>, !tile.tile<8xf16>, !tile.tile<8xbf16>,
// CHECK-SAME: !tile.tile<2x2x2xi1>, !tile.tile<16xi32>, !tile.tile<4x4xi64>,
// CHECK-SAME: !tile.tile<1xf32>, !tile.tile<1x1x1xf32>)
func.func private @tiles(!tile.tile<128x64xf32>, !tile.tile<8xf16>,
                         !tile.tile<8xbf16>, !tile.tile<2x2x2xi1>,
                         !tile.tile<16xi32>, !tile.tile<4x4xi64>,
                         !tile.tile<1xf32>, !tile.tile<1x1x1xf32>)

// Views are dynamic in every dimension.
// CHECK-LABEL: func.func private @views
// CHECK-SAME: (!tile.view<?x?xbf16>, !tile.view<?xf32>, !tile.view<?x?x?xf16>,
// CHECK-SAME: !tile.view<?xi1>, !tile.view<?x?xi32>, !tile.view<?xi64>)
func.func private @views(!tile.view<?x?xbf16>, !tile.view<?xf32>,
                         !tile.view<?x?x?xf16>, !tile.view<?xi1>,
                         !tile.view<?x?xi32>, !tile.view<?xi64>)

// CHECK-LABEL: func.func private @pieces
// CHECK-SAME: (!tile.piece<128xf16>, !tile.piece<128x64xf32>,
// CHECK-SAME: !tile.piece<16x32x4xi32>, !tile.piece<8xbf16>, !tile.piece<8xi1>,
// CHECK-SAME: !tile.piece<2x3xi64>)
func.func private @pieces(!tile.piece<128xf16>, !tile.piece<128x64xf32>,
                          !tile.piece<16x32x4xi32>, !tile.piece<8xbf16>,
                          !tile.piece<8xi1>, !tile.piece<2x3xi64>)

// Input pieces, and atomic outputs (dynamic in every dimension).
// CHECK-LABEL: func.func private @inputs_and_atomics
// CHECK-SAME: (!tile.piece<4096xi32, input>, !tile.piece<8x64xbf16, input>,
// CHECK-SAME: !tile.atomic<?xi32>, !tile.atomic<?x?xf32>, !tile.atomic<?x?x?xf16>)
func.func private @inputs_and_atomics(!tile.piece<4096xi32, input>,
                                      !tile.piece<8x64xbf16, input>,
                                      !tile.atomic<?xi32>, !tile.atomic<?x?xf32>,
                                      !tile.atomic<?x?x?xf16>)

// Types nest inside other types and attributes.
// CHECK-LABEL: func.func private @nested
// CHECK-SAME: (tuple<!tile.tile<4xf32>, !tile.view<?xf32>>) -> !tile.piece<4xf32>
// CHECK-SAME: attributes {tile.type = !tile.tile<2x2xbf16>}
func.func private @nested(tuple<!tile.tile<4xf32>, !tile.view<?xf32>>)
    -> !tile.piece<4xf32> attributes {tile.type = !tile.tile<2x2xbf16>}
