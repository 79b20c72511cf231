// RUN: tilecc %s --emit=tile --count-dropped | FileCheck %s
// RUN: tilecc %s --emit=tile | FileCheck %s --check-prefix=PLAIN
// RUN: tilecc %s --emit=tile --count-dropped -o %t.mlir
// RUN: tile-interp %t.mlir --grid=2 --extent=12 | FileCheck %s --check-prefix=RAN
#include <tile/kernel.h>

// With --count-dropped, a scatter first counts the elements its mask keeps
// whose indices fall outside the piece, and prints the count where it is
// not zero: code in the kernel's IR, which the GPU and the interpreter run.
// CHECK-LABEL: func.func @spread
// CHECK: %[[KEEP:.*]] = tile.cmp ne
// CHECK: %[[BELOW:.*]] = tile.cmp lt, %[[AT:.*]], %{{.*}} : <8xi32> -> <8xi1>
// CHECK: %[[PAST:.*]] = tile.cmp ge, %[[AT]], %{{.*}} : <8xi32> -> <8xi1>
// CHECK: %[[OUT:.*]] = tile.or %[[BELOW]], %[[PAST]]
// CHECK: %[[KEPT:.*]] = tile.and %[[OUT]], %[[KEEP]]
// CHECK: %[[ONES:.*]] = tile.cast %[[KEPT]] : <8xi1> to <8xi32>
// CHECK: %[[SUM:.*]] = tile.reduce sum %[[ONES]] {axis = 0 : i32}
// CHECK: %[[COUNT:.*]] = tile.item %[[SUM]]
// CHECK: %[[ANY:.*]] = arith.cmpi sgt, %[[COUNT]]
// CHECK: scf.if %[[ANY]] {
// CHECK-NEXT: tile.print "{{.*}}count-dropped.cpp:[[@LINE+12]]:7: scatter into 'out' dropped elements outside the piece:" %[[COUNT]] : i32
// CHECK: tile.scatter %arg0[%[[AT]]], %{{.*}} if %[[KEEP]]
// PLAIN-NOT: tile.print
// PLAIN-NOT: tile.reduce
// Indices 3 * i - 2: -2, 10, 16 and 19 fall outside the piece (13 is
// masked off); in the second program 12 and 15 lie past the tensor but
// inside the piece, and are not counted.
// RAN: {{.*}}count-dropped.cpp:[[@LINE+5]]:7: scatter into 'out' dropped elements outside the piece: 4 (program 0, 0, 0)
// RAN: {{.*}}count-dropped.cpp:[[@LINE+4]]:7: scatter into 'out' dropped elements outside the piece: 4 (program 1, 0, 0)
// RAN: spread: -777 10 -777 -777 20 -777 -777 30 -777 10 -777 -777
TILE_KERNEL void spread(tile::Piece<int32_t, 8> out) {
  auto i = tile::iota<int32_t, 8>();
  out.scatter(i * 10, i * 3 - 2, i != 5);
}
