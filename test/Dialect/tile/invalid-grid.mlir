// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @program_id_axis_3() {
  // expected-error @+1 {{'tile.program_id' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 2}}
  %0 = tile.program_id 3 : i32
  return
}

// -----

func.func @program_id_negative_axis() {
  // expected-error @+1 {{'tile.program_id' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = tile.program_id -1 : i32
  return
}

// -----

func.func @num_programs_axis_3() {
  // expected-error @+1 {{'tile.num_programs' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 2}}
  %0 = tile.num_programs 3 : i32
  return
}

// -----

func.func @num_programs_negative_axis() {
  // expected-error @+1 {{'tile.num_programs' op attribute 'axis' failed to satisfy constraint}}
  %0 = tile.num_programs -2 : i32
  return
}

// -----

func.func @program_id_i64() {
  // expected-error @+1 {{'tile.program_id' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %0 = tile.program_id 0 : i64
  return
}

// -----

func.func @num_programs_index() {
  // expected-error @+1 {{'tile.num_programs' op result #0 must be 32-bit signless integer, but got 'index'}}
  %0 = "tile.num_programs"() <{axis = 0 : i32}> : () -> index
  return
}

// -----

func.func @program_id_no_axis() {
  // expected-error @+1 {{requires attribute 'axis'}}
  %0 = "tile.program_id"() : () -> i32
  return
}
