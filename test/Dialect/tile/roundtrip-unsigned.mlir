// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The unsigned integers ui8 ... ui64 are element types of pieces, views,
// atomic outputs and tiles; scalars stay signless (a splat of an i32 into a
// ui32 tile, a load_scalar of a ui16 view giving an i16), and a combiner
// computes on the signless integer of the element. A print may mark its
// signless value unsigned.

// CHECK-LABEL: func.func @unsigned
// CHECK-SAME: (%[[OUT:[^:]*]]: !tile.piece<64xui32>, %[[X:[^:]*]]: !tile.view<?xui32>, %[[B:[^:]*]]: !tile.view<?xui8>, %[[H:[^:]*]]: !tile.view<?xui16>, %[[HIST:[^:]*]]: !tile.atomic<?xui64>, %[[S:[^:]*]]: i32)
// CHECK: %[[T:.*]] = tile.load %[[X]][%{{.*}}] : <?xui32> -> <64xui32>
// CHECK-NEXT: %[[SPLAT:.*]] = tile.splat %[[S]] : i32 -> <64xui32>
// CHECK-NEXT: %[[DIV:.*]] = tile.div %[[T]], %[[SPLAT]] : <64xui32>
// CHECK-NEXT: %[[REM:.*]] = tile.rem %[[DIV]], %[[SPLAT]] : <64xui32>
// CHECK-NEXT: %[[SHR:.*]] = tile.shr %[[REM]], %[[SPLAT]] : <64xui32>
// CHECK-NEXT: %[[MAX:.*]] = tile.max %[[SHR]], %[[T]] : <64xui32>
// CHECK-NEXT: %[[LT:.*]] = tile.cmp {{ *}}lt, %[[MAX]], %[[T]] : <64xui32> -> <64xi1>
// CHECK-NEXT: %[[SEL:.*]] = tile.select %[[LT]], %[[MAX]], %[[T]] : <64xi1>, <64xui32>
// CHECK-NEXT: %[[BYTES:.*]] = tile.load %[[B]][%{{.*}}] : <?xui8> -> <64xui8>
// CHECK-NEXT: %[[WIDE:.*]] = tile.cast %[[BYTES]] : <64xui8> to <64xui64>
// CHECK-NEXT: %[[F:.*]] = tile.cast %[[SEL]] : <64xui32> to <64xf32>
// CHECK-NEXT: %[[BACK:.*]] = tile.cast %[[F]] : <64xf32> to <64xui32>
// CHECK-NEXT: %[[BITS:.*]] = tile.bitcast %[[BACK]] : <64xui32> to <64xi32>
// CHECK-NEXT: %[[UBITS:.*]] = tile.bitcast %[[BITS]] : <64xi32> to <64xui32>
// CHECK-NEXT: %[[SORTED:.*]], %[[ORDER:.*]] = tile.sort %[[UBITS]] {axis = 0 : i32} : <64xui32> -> <64xi32>
// CHECK-NEXT: %[[ARG:.*]] = tile.argmax %[[SORTED]] {axis = 0 : i32} : <64xui32> to <1xi32>
// CHECK-NEXT: %[[SUM:.*]] = tile.reduce {{ *}}max %[[SORTED]] {axis = 0 : i32} : <64xui32> to <1xui32>
// CHECK-NEXT: %[[LARGEST:.*]] = tile.reduce_with %[[SORTED]] {axis = 0 : i32} : <64xui32> to <1xui32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[C:.*]]: i32):
// CHECK-NEXT: %[[M:.*]] = arith.maxui %[[A]], %[[C]] : i32
// CHECK-NEXT: tile.yield %[[M]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[ITEM:.*]] = tile.item %[[LARGEST]] : <1xui32> -> i32
// CHECK-NEXT: tile.print "largest" %[[ITEM]] {is_unsigned} : i32
// CHECK-NEXT: %[[HALF:.*]] = tile.load_scalar %[[H]][%{{.*}}] : <?xui16> -> i16
// CHECK-NEXT: tile.atomic_update {{ *}}max %[[HIST]][%[[ORDER]]], %[[WIDE]] : <?xui64>[!tile.tile<64xi32>], <64xui64>
// CHECK-NEXT: tile.scatter %[[OUT]][%[[SORTED]]], %[[SORTED]] : <64xui32>[!tile.tile<64xui32>], <64xui32>
func.func @unsigned(%out: !tile.piece<64xui32>, %x: !tile.view<?xui32>,
                    %b: !tile.view<?xui8>, %h: !tile.view<?xui16>,
                    %hist: !tile.atomic<?xui64>, %s: i32) {
  %pid = tile.program_id 0 : i32
  %t = tile.load %x[%pid] : !tile.view<?xui32> -> !tile.tile<64xui32>
  %splat = tile.splat %s : i32 -> !tile.tile<64xui32>
  %div = tile.div %t, %splat : !tile.tile<64xui32>
  %rem = tile.rem %div, %splat : !tile.tile<64xui32>
  %shr = tile.shr %rem, %splat : !tile.tile<64xui32>
  %max = tile.max %shr, %t : !tile.tile<64xui32>
  %lt = tile.cmp lt, %max, %t : !tile.tile<64xui32> -> !tile.tile<64xi1>
  %sel = tile.select %lt, %max, %t : !tile.tile<64xi1>, !tile.tile<64xui32>
  %bytes = tile.load %b[%pid] : !tile.view<?xui8> -> !tile.tile<64xui8>
  %wide = tile.cast %bytes : !tile.tile<64xui8> to !tile.tile<64xui64>
  %f = tile.cast %sel : !tile.tile<64xui32> to !tile.tile<64xf32>
  %back = tile.cast %f : !tile.tile<64xf32> to !tile.tile<64xui32>
  %bits = tile.bitcast %back : !tile.tile<64xui32> to !tile.tile<64xi32>
  %ubits = tile.bitcast %bits : !tile.tile<64xi32> to !tile.tile<64xui32>
  %sorted, %order = tile.sort %ubits {axis = 0 : i32} : !tile.tile<64xui32> -> !tile.tile<64xi32>
  %arg = tile.argmax %sorted {axis = 0 : i32} : !tile.tile<64xui32> to !tile.tile<1xi32>
  %sum = tile.reduce max %sorted {axis = 0 : i32} : !tile.tile<64xui32> to !tile.tile<1xui32>
  %largest = tile.reduce_with %sorted {axis = 0 : i32} : !tile.tile<64xui32> to !tile.tile<1xui32> {
  ^bb0(%a: i32, %c: i32):
    %m = arith.maxui %a, %c : i32
    tile.yield %m : i32
  }
  %item = tile.item %largest : !tile.tile<1xui32> -> i32
  tile.print "largest" %item {is_unsigned} : i32
  %half = tile.load_scalar %h[%pid] : !tile.view<?xui16> -> i16
  tile.atomic_update max %hist[%order], %wide : !tile.atomic<?xui64>[!tile.tile<64xi32>], !tile.tile<64xui64>
  tile.scatter %out[%sorted], %sorted : !tile.piece<64xui32>[!tile.tile<64xui32>], !tile.tile<64xui32>
  return
}
