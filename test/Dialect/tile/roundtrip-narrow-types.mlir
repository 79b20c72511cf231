// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The 8- and 16-bit element types: i8 and i16 compute like the wider
// integers; the 8-bit floats are loaded, stored, cast and bitcast.

// CHECK-LABEL: func.func @narrow
// CHECK-SAME: (%[[OUT:[^:]*]]: !tile.piece<64xf8E5M2>, %[[W:[^:]*]]: !tile.view<?xf8E4M3FN>, %[[B:[^:]*]]: !tile.view<?xi8>, %[[S:[^:]*]]: i16)
// CHECK: %[[WT:.*]] = tile.load %[[W]][%{{.*}}] : <?xf8E4M3FN> -> <64xf8E4M3FN>
// CHECK-NEXT: %[[WF:.*]] = tile.cast %[[WT]] : <64xf8E4M3FN> to <64xf32>
// CHECK-NEXT: %[[BT:.*]] = tile.load %[[B]][%{{.*}}] : <?xi8> -> <64xi8>
// CHECK-NEXT: %[[SUM:.*]] = tile.add %[[BT]], %[[BT]] : <64xi8>
// CHECK-NEXT: %[[WIDE:.*]] = tile.cast %[[SUM]] : <64xi8> to <64xi16>
// CHECK-NEXT: %[[SPLAT:.*]] = tile.splat %[[S]] : i16 -> <64xi16>
// CHECK-NEXT: %{{.*}} = tile.shl %[[WIDE]], %[[SPLAT]] : <64xi16>
// CHECK-NEXT: %[[BITS:.*]] = tile.bitcast %[[BT]] : <64xi8> to <64xf8E5M2>
// CHECK-NEXT: %[[NARROW:.*]] = tile.cast %[[WF]] : <64xf32> to <64xf8E5M2>
// CHECK-NEXT: tile.store %[[NARROW]], %[[OUT]]
func.func @narrow(%out: !tile.piece<64xf8E5M2>, %w: !tile.view<?xf8E4M3FN>,
                  %b: !tile.view<?xi8>, %s: i16) {
  %p = tile.program_id 0 : i32
  %wt = tile.load %w[%p] : !tile.view<?xf8E4M3FN> -> !tile.tile<64xf8E4M3FN>
  %wf = tile.cast %wt : !tile.tile<64xf8E4M3FN> to !tile.tile<64xf32>
  %bt = tile.load %b[%p] : !tile.view<?xi8> -> !tile.tile<64xi8>
  %sum = tile.add %bt, %bt : !tile.tile<64xi8>
  %wide = tile.cast %sum : !tile.tile<64xi8> to !tile.tile<64xi16>
  %splat = tile.splat %s : i16 -> !tile.tile<64xi16>
  %shifted = tile.shl %wide, %splat : !tile.tile<64xi16>
  %bits = tile.bitcast %bt : !tile.tile<64xi8> to !tile.tile<64xf8E5M2>
  %narrow = tile.cast %wf : !tile.tile<64xf32> to !tile.tile<64xf8E5M2>
  tile.store %narrow, %out : !tile.tile<64xf8E5M2>, !tile.piece<64xf8E5M2>
  return
}
