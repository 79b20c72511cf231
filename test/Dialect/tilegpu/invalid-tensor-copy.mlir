// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{barriers must number at least one, found 0}}
func.func @no_barriers(%b: !tilegpu.barriers<0>) {
  return
}

// -----

func.func @misaligned_barriers() {
  // expected-error @+1 {{expects an offset that is a multiple of 8, found 12}}
  %b = tilegpu.barrier_alloc {offset = 12, arrivals = 1 : i32} : !tilegpu.barriers<2>
  return
}

// -----

func.func @no_arrivals() {
  // expected-error @+1 {{attribute 'arrivals' failed to satisfy constraint}}
  %b = tilegpu.barrier_alloc {offset = 0, arrivals = 0 : i32} : !tilegpu.barriers<2>
  return
}

// -----

func.func @copy_one_index(%map: !tilegpu.tensor_map, %a: !tilegpu.stages<2x128x64xbf16>, %b: !tilegpu.barriers<2>, %i: i32) {
  // expected-error @+1 {{expects one tile index per dimension of the view, 2 to 5 of them, found 1}}
  tilegpu.copy_tensor %map[%i], %a[%i], %b[%i] : !tilegpu.stages<2x128x64xbf16>, !tilegpu.barriers<2>
  return
}

// -----

func.func @copy_too_many_rows(%map: !tilegpu.tensor_map, %a: !tilegpu.stages<2x512x64xbf16>, %b: !tilegpu.barriers<2>, %i: i32) {
  // expected-error @+1 {{expects stages of at most 256 rows (the copy engine's box), found 512}}
  tilegpu.copy_tensor %map[%i, %i], %a[%i], %b[%i] : !tilegpu.stages<2x512x64xbf16>, !tilegpu.barriers<2>
  return
}

// -----

func.func @copy_narrow_rows(%map: !tilegpu.tensor_map, %a: !tilegpu.stages<2x128x8xbf16>, %b: !tilegpu.barriers<2>, %i: i32) {
  // expected-error @+1 {{expects stage rows of at least 32 bytes (the narrowest swizzle), found 16}}
  tilegpu.copy_tensor %map[%i, %i], %a[%i], %b[%i] : !tilegpu.stages<2x128x8xbf16>, !tilegpu.barriers<2>
  return
}

// -----

// expected-error @+1 {{a tensor map's swizzle is 32, 64 or 128 bytes, found 16}}
func.func @bad_swizzle() attributes {tile.maps = #tilegpu.tensor_map<view = 0, box = [128, 64], swizzle = 16>} {
  return
}

// -----

// expected-error @+1 {{a tensor map's box extents lie in [1, 256], found 512}}
func.func @bad_box() attributes {tile.maps = #tilegpu.tensor_map<view = 0, box = [512, 64], swizzle = 128>} {
  return
}

// -----

// expected-error @+1 {{a tensor map's box has one extent per view dimension, 2 to 5 of them, found 1}}
func.func @box_rank() attributes {tile.maps = #tilegpu.tensor_map<view = 0, box = [64], swizzle = 128>} {
  return
}

// -----

// expected-error @+1 {{a tensor map's box has one extent per view dimension, 2 to 5 of them, found 6}}
func.func @box_rank_six() attributes {tile.maps = #tilegpu.tensor_map<view = 0, box = [1, 1, 1, 1, 64, 64], swizzle = 128>} {
  return
}

// -----

func.func @copy_six_indices(%map: !tilegpu.tensor_map, %a: !tilegpu.stages<2x128x64xbf16>, %b: !tilegpu.barriers<2>, %i: i32) {
  // expected-error @+1 {{expects one tile index per dimension of the view, 2 to 5 of them, found 6}}
  tilegpu.copy_tensor %map[%i, %i, %i, %i, %i, %i], %a[%i], %b[%i] : !tilegpu.stages<2x128x64xbf16>, !tilegpu.barriers<2>
  return
}

// -----

// expected-error @+1 {{a tensor map describes a view parameter, found index -1}}
func.func @bad_view() attributes {tile.maps = #tilegpu.tensor_map<view = -1, box = [64, 64], swizzle = 128>} {
  return
}

// -----

func.func @copy_rows_along_last(%map: !tilegpu.tensor_map, %a: !tilegpu.stages<2x64x64xbf16>, %b: !tilegpu.barriers<2>, %i: i32) {
  // expected-error @+1 {{expects the rows along a view dimension before the last, found dimension 2 of 3}}
  tilegpu.copy_tensor %map[%i, %i, %i], %a[%i], %b[%i] {row_dim = 2} : !tilegpu.stages<2x64x64xbf16>, !tilegpu.barriers<2>
  return
}
