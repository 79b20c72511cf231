// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{stages are written <STAGESxROWSxCOLUMNSxTYPE>, found 128x64}}
func.func @stages_rank(%a: !tilegpu.stages<128x64xbf16>) {
  return
}

// -----

// expected-error @+1 {{stages must number at least one, found 0}}
func.func @no_stages(%a: !tilegpu.stages<0x128x64xbf16>) {
  return
}

// -----

// expected-error @+1 {{stages hold f16, bf16 or 8-bit operands, found 'f32'}}
func.func @stages_f32(%a: !tilegpu.stages<2x128x64xf32>) {
  return
}

// -----

// expected-error @+1 {{stage dimensions must be powers of two, found 96x64}}
func.func @stages_not_power_of_two(%a: !tilegpu.stages<2x96x64xbf16>) {
  return
}

// -----

func.func @alloc_misaligned() {
  // expected-error @+1 {{'tilegpu.shared_alloc' op expects an offset that is a multiple of 1024 (the widest swizzle's span), found 512}}
  %a = tilegpu.shared_alloc {offset = 512} : !tilegpu.stages<2x128x64xbf16>
  return
}

// -----

func.func @copy_rank(%x: !tile.view<?xbf16>, %i: i32) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  // expected-error @+1 {{'tilegpu.copy_async' op expects a matrix view (rank 2), found rank 1}}
  tilegpu.copy_async %x[%i], %a[%i] : !tile.view<?xbf16>, !tilegpu.stages<2x128x64xbf16>
  return
}

// -----

func.func @copy_indices(%x: !tile.view<?x?xbf16>, %i: i32) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  // expected-error @+1 {{'tilegpu.copy_async' op expects one tile index per view dimension (2), found 1}}
  tilegpu.copy_async %x[%i], %a[%i] : !tile.view<?x?xbf16>, !tilegpu.stages<2x128x64xbf16>
  return
}

// -----

func.func @copy_element(%x: !tile.view<?x?xf16>, %i: i32) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  // expected-error @+1 {{'tilegpu.copy_async' op expects stages of the view's element type 'f16', found 'bf16'}}
  tilegpu.copy_async %x[%i, %i], %a[%i] : !tile.view<?x?xf16>, !tilegpu.stages<2x128x64xbf16>
  return
}

// -----

func.func @copy_layout(%x: !tile.view<?x?xbf16>, %i: i32) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  // expected-error @+1 {{'tilegpu.copy_async' op expects a layout of a 128x64 tile (13 element bits), found 10 element bits}}
  tilegpu.copy_async %x[%i, %i], %a[%i] {layout = #tile.layout<registers = [0, 1, 2], lanes = [3, 4, 5, 6, 7], warps = [8, 9]>} : !tile.view<?x?xbf16>, !tilegpu.stages<2x128x64xbf16>
  return
}

// -----

func.func @dot_elements(%i: i32, %acc: !tile.tile<128x64xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x64x64xf16>
  // expected-error @+1 {{'tilegpu.staged_dot' op operands have different element types 'bf16' and 'f16'}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i : !tilegpu.stages<2x128x64xbf16>, !tilegpu.stages<2x64x64xf16> -> !tile.tile<128x64xf32>
  return
}

// -----

func.func @dot_stage_counts(%i: i32, %acc: !tile.tile<128x64xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<3x64x64xbf16>
  // expected-error @+1 {{'tilegpu.staged_dot' op operands have different stage counts 2 and 3}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i : !tilegpu.stages<2x128x64xbf16>, !tilegpu.stages<3x64x64xbf16> -> !tile.tile<128x64xf32>
  return
}

// -----

func.func @dot_reductions(%i: i32, %acc: !tile.tile<128x64xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x64x32xbf16>
  // expected-error @+1 {{'tilegpu.staged_dot' op reductions differ: a is 128x64, b (NxK) is 64x32}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i : !tilegpu.stages<2x128x64xbf16>, !tilegpu.stages<2x64x32xbf16> -> !tile.tile<128x64xf32>
  return
}

// -----

func.func @dot_accumulator(%i: i32, %acc: !tile.tile<128x32xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x64x64xbf16>
  // expected-error @+1 {{'tilegpu.staged_dot' op expects an f32 accumulator of shape 128x64, found '!tile.tile<128x32xf32>'}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i : !tilegpu.stages<2x128x64xbf16>, !tilegpu.stages<2x64x64xbf16> -> !tile.tile<128x32xf32>
  return
}

// -----

// 8-bit integer stages accumulate into i32.
func.func @dot_int8_accumulator(%i: i32, %acc: !tile.tile<128x64xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x128xi8>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x64x128xi8>
  // expected-error @+1 {{'tilegpu.staged_dot' op expects an i32 accumulator of shape 128x64, found '!tile.tile<128x64xf32>'}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i : !tilegpu.stages<2x128x128xi8>, !tilegpu.stages<2x64x128xi8> -> !tile.tile<128x64xf32>
  return
}

// -----

// The tensor cores read 8-bit operands K-major only.
func.func @dot_fp8_n_major(%i: i32, %acc: !tile.tile<128x64xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x128x128xf8E4M3FN>
  %b = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x128x64xf8E4M3FN>
  // expected-error @+1 {{'tilegpu.staged_dot' op expects 8-bit stages K-major (NxK), found '!tilegpu.stages<2x128x64xf8E4M3FN>'}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %i {b_n_major} : !tilegpu.stages<2x128x128xf8E4M3FN>, !tilegpu.stages<2x128x64xf8E4M3FN> -> !tile.tile<128x64xf32>
  return
}

// -----

func.func @register_staged_reductions(%a: !tile.tile<64x64xbf16>, %b: !tilegpu.stages<2x64x128xbf16>, %s: i32, %acc: !tile.tile<64x64xf32>) {
  // expected-error @+1 {{reductions differ: a is 64x64, b (NxK) is 64x128}}
  %r = tilegpu.register_staged_dot %a, %b[%s], %acc : !tile.tile<64x64xbf16>, !tilegpu.stages<2x64x128xbf16> -> !tile.tile<64x64xf32>
  return
}

// -----

func.func @register_staged_acc(%a: !tile.tile<64x64xbf16>, %b: !tilegpu.stages<2x64x128xbf16>, %s: i32, %acc: !tile.tile<64x64xf32>) {
  // expected-error @+1 {{expects an f32 accumulator of shape 64x128, found '!tile.tile<64x64xf32>'}}
  %r = tilegpu.register_staged_dot %a, %b[%s], %acc {b_n_major} : !tile.tile<64x64xbf16>, !tilegpu.stages<2x64x128xbf16> -> !tile.tile<64x64xf32>
  return
}

// -----

func.func @register_staged_types(%a: !tile.tile<64x128xf16>, %b: !tilegpu.stages<2x64x128xbf16>, %s: i32, %acc: !tile.tile<64x64xf32>) {
  // expected-error @+1 {{expects a matrix `a` of the stages' element type 'bf16', found '!tile.tile<64x128xf16>'}}
  %r = tilegpu.register_staged_dot %a, %b[%s], %acc : !tile.tile<64x128xf16>, !tilegpu.stages<2x64x128xbf16> -> !tile.tile<64x64xf32>
  return
}

// -----

func.func @staged_n_major_reductions(%s: i32, %acc: !tile.tile<128x256xf32>) {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 65536} : !tilegpu.stages<4x256x64xbf16>
  // expected-error @+1 {{reductions differ: a is 128x64, b (KxN) is 256x64}}
  %r = tilegpu.staged_dot %a, %b, %acc stage %s {b_n_major} : !tilegpu.stages<4x128x64xbf16>, !tilegpu.stages<4x256x64xbf16> -> !tile.tile<128x256xf32>
  return
}
