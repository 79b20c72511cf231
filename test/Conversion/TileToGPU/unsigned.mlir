// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Unsigned tiles (ui8 ... ui64) lower to the signless vectors of their
// width, with the unsigned operation that the element type picks: divui,
// remui, unsigned compares, shrui (0 for a count of the width or more, as
// host mode gives), uitofp and fptoui (saturating), zero extension between
// integers, maxui in every step of a reduction, zero-extended scatter
// indices, and a print marked is_unsigned in printf's unsigned formats.

// CHECK-LABEL: gpu.func @divide
// CHECK: %[[Q:.*]] = arith.divui %[[A:.*]], %[[B:.*]] : vector<4xi32>
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[Q]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[WIDTH:.*]] = arith.constant dense<32> : vector<4xi32>
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi ult, %[[B]], %[[WIDTH]] : vector<4xi32>
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shrui %[[R]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %[[S:.*]] = arith.select %[[INSIDE]], %[[SHIFTED]], %[[ZERO]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: arith.cmpi ult, %[[S]], %[[A]] : vector<4xi32>
// CHECK-NEXT: arith.cmpi uge, %[[S]], %[[B]] : vector<4xi32>
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.shrsi
// CHECK-LABEL: gpu.return
func.func @divide(%out: !tile.piece<512xui32>, %x: !tile.view<?xui32>, %y: !tile.view<?xui32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xui32> -> !tile.tile<512xui32>
  %b = tile.load %y[%p] : !tile.view<?xui32> -> !tile.tile<512xui32>
  %q = tile.div %a, %b : !tile.tile<512xui32>
  %r = tile.rem %q, %b : !tile.tile<512xui32>
  %s = tile.shr %r, %b : !tile.tile<512xui32>
  %lt = tile.cmp lt, %s, %a : !tile.tile<512xui32> -> !tile.tile<512xi1>
  %ge = tile.cmp ge, %s, %b : !tile.tile<512xui32> -> !tile.tile<512xi1>
  %both = tile.and %lt, %ge : !tile.tile<512xi1>
  %sel = tile.select %both, %s, %a : !tile.tile<512xi1>, !tile.tile<512xui32>
  tile.store %sel, %out : !tile.tile<512xui32>, !tile.piece<512xui32>
  return
}

// -----

// CHECK-LABEL: gpu.func @convert
// CHECK: arith.uitofp %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: %[[CLAMPED:.*]] = arith.minimumf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NEXT: arith.fptoui %[[CLAMPED]] : vector<16xf32> to vector<16xi32>
// CHECK: arith.extui %{{.*}} : vector<16xi8> to vector<16xi32>
// CHECK-NOT: arith.sitofp
// CHECK-NOT: arith.extsi {{.*}} vector
// CHECK-LABEL: gpu.return
func.func @convert(%out: !tile.piece<512xf32>, %back: !tile.piece<512xui32>, %x: !tile.view<?xui32>, %b: !tile.view<?xui8>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xui32> -> !tile.tile<512xui32>
  %f = tile.cast %a : !tile.tile<512xui32> to !tile.tile<512xf32>
  tile.store %f, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  %i = tile.cast %f : !tile.tile<512xf32> to !tile.tile<512xui32>
  %bytes = tile.load %b[%p] : !tile.view<?xui8> -> !tile.tile<512xui8>
  %wide = tile.cast %bytes : !tile.tile<512xui8> to !tile.tile<512xui32>
  %sum = tile.add %i, %wide : !tile.tile<512xui32>
  tile.store %sum, %back : !tile.tile<512xui32>, !tile.piece<512xui32>
  return
}

// -----

// CHECK-LABEL: gpu.func @largest
// CHECK-COUNT-6: arith.maxui %{{.*}}, %{{.*}} : i32
// CHECK: %[[LANE:.*]], %{{.*}} = gpu.shuffle xor %{{.*}} : i32
// CHECK-NEXT: arith.maxui %{{.*}}, %[[LANE]] : i32
// CHECK-NOT: arith.maxsi
// CHECK-LABEL: gpu.return
func.func @largest(%out: !tile.piece<4x1xui32>, %x: !tile.view<?x?xui32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xui32> -> !tile.tile<4x256xui32>
  %m = tile.reduce max %t {axis = 1 : i32} : !tile.tile<4x256xui32> to !tile.tile<4x1xui32>
  tile.store %m, %out : !tile.tile<4x1xui32>, !tile.piece<4x1xui32>
  return
}

// -----

// CHECK-LABEL: gpu.func @scatter_bytes
// CHECK: %[[I32:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// CHECK-NEXT: %[[I:.*]] = arith.extui %[[I32]] : i32 to i64
// CHECK-NEXT: %[[AT:.*]] = arith.addi %{{.*}}, %[[I]] : i64
// CHECK-NEXT: arith.cmpi ult, %[[AT]], %{{.*}} : i64
// CHECK-NOT: arith.extsi %{{.*}} : i32 to i64
// CHECK-LABEL: gpu.return
func.func @scatter_bytes(%out: !tile.piece<256xf32>, %x: !tile.view<?xf32>, %slots: !tile.view<?xui32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0] : <?xf32> -> <64xf32>
  %i = tile.load %slots[%c0] : <?xui32> -> <64xui32>
  tile.scatter %out[%i], %v : !tile.piece<256xf32>[!tile.tile<64xui32>], !tile.tile<64xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @show
// CHECK-SAME: %[[N:[^:]*]]: i64, %[[W:[^:]*]]: i32, %[[H:[^:]*]]: i16)
// CHECK: gpu.printf "n %llu (program %d, %d, %d)\0A", %[[N]]
// CHECK: gpu.printf "w %u (program %d, %d, %d)\0A", %[[W]]
// CHECK: %[[WIDE:.*]] = arith.extui %[[H]] : i16 to i32
// CHECK: gpu.printf "h %d (program %d, %d, %d)\0A", %[[WIDE]]
func.func @show(%out: !tile.piece<64xf32>, %n: i64, %w: i32, %h: i16) attributes {tile.kernel} {
  tile.print "n" %n {is_unsigned} : i64
  tile.print "w" %w {is_unsigned} : i32
  tile.print "h" %h {is_unsigned} : i16
  return
}
