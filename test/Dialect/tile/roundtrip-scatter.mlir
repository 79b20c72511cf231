// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// A compaction: each kept element goes to its slot in the program's row.
// CHECK-LABEL: func.func @compact
// CHECK-SAME: (%[[OUT:[^:]*]]: !tile.piece<1x256xf32>, %[[V:[^:]*]]: !tile.tile<1x256xf32>, %[[R:[^:]*]]: !tile.tile<1x256xi32>, %[[C:[^:]*]]: !tile.tile<1x256xi64>, %[[K:[^:]*]]: !tile.tile<1x256xi1>)
// CHECK: tile.scatter %[[OUT]][%[[R]], %[[C]]], %[[V]] if %[[K]] : <1x256xf32>[!tile.tile<1x256xi32>, !tile.tile<1x256xi64>], <1x256xf32>, !tile.tile<1x256xi1>
func.func @compact(%out: !tile.piece<1x256xf32>, %v: !tile.tile<1x256xf32>,
                   %r: !tile.tile<1x256xi32>, %c: !tile.tile<1x256xi64>,
                   %keep: !tile.tile<1x256xi1>) {
  tile.scatter %out[%r, %c], %v if %keep
      : !tile.piece<1x256xf32>[!tile.tile<1x256xi32>, !tile.tile<1x256xi64>], !tile.tile<1x256xf32>, !tile.tile<1x256xi1>
  return
}

// Without a mask, the values a tile of another shape than the piece.
// CHECK-LABEL: func.func @permute
// CHECK: tile.scatter %{{.*}}[%{{.*}}], %{{.*}} : <1024xbf16>[!tile.tile<64xi32>], <64xbf16>
func.func @permute(%out: !tile.piece<1024xbf16>, %v: !tile.tile<64xbf16>,
                   %i: !tile.tile<64xi32>) {
  tile.scatter %out[%i], %v : !tile.piece<1024xbf16>[!tile.tile<64xi32>], !tile.tile<64xbf16>
  return
}
