// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @program_id
// CHECK-NEXT: %{{.*}} = tile.program_id 0 : i32
// CHECK-NEXT: %{{.*}} = tile.program_id 1 : i32
// CHECK-NEXT: %{{.*}} = tile.program_id 2 : i32
// GENERIC-LABEL: sym_name = "program_id"
// GENERIC: "tile.program_id"() <{axis = 0 : i32}> : () -> i32
// GENERIC: "tile.program_id"() <{axis = 1 : i32}> : () -> i32
// GENERIC: "tile.program_id"() <{axis = 2 : i32}> : () -> i32
func.func @program_id() -> (i32, i32, i32) {
  %0 = tile.program_id 0 : i32
  %1 = tile.program_id 1 : i32
  %2 = tile.program_id 2 : i32
  return %0, %1, %2 : i32, i32, i32
}

// CHECK-LABEL: func.func @num_programs
// CHECK-NEXT: %{{.*}} = tile.num_programs 0 : i32
// CHECK-NEXT: %{{.*}} = tile.num_programs 1 : i32
// CHECK-NEXT: %{{.*}} = tile.num_programs 2 : i32
// GENERIC-LABEL: sym_name = "num_programs"
// GENERIC: "tile.num_programs"() <{axis = 0 : i32}> : () -> i32
// GENERIC: "tile.num_programs"() <{axis = 1 : i32}> : () -> i32
// GENERIC: "tile.num_programs"() <{axis = 2 : i32}> : () -> i32
func.func @num_programs() -> (i32, i32, i32) {
  %0 = tile.num_programs 0 : i32
  %1 = tile.num_programs 1 : i32
  %2 = tile.num_programs 2 : i32
  return %0, %1, %2 : i32, i32, i32
}

// Discardable attributes survive next to the axis.
// CHECK-LABEL: func.func @attributes
// CHECK-NEXT: tile.program_id 1 {tile.note = "y"} : i32
func.func @attributes() -> i32 {
  %0 = tile.program_id 1 {tile.note = "y"} : i32
  return %0 : i32
}
