// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{layout names 5 lane bits (32 lanes), found 4}}
func.func private @four_lanes() -> !tile.tile<16xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3], warps = []>>

// -----

// expected-error @+1 {{element bit 1 is placed twice}}
func.func private @twice() -> !tile.tile<16xf32, #tile.layout<registers = [1], lanes = [0, 1, 2, -1, -1], warps = []>>

// -----

// expected-error @+1 {{element bit 7 is out of range 0..3 (or -1 for replicas)}}
func.func private @out_of_range() -> !tile.tile<16xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 7, -1], warps = []>>

// -----

// expected-error @+1 {{every register bit selects an element bit, found -1}}
func.func private @register_replica() -> !tile.tile<16xf32, #tile.layout<registers = [-1], lanes = [0, 1, 2, 3, -1], warps = []>>

// -----

// expected-error @+1 {{layout places 4 element bits but the tile 8x4 has 5}}
func.func private @too_few_bits() -> !tile.tile<8x4xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3, -1], warps = []>>

// -----

// expected-error @+1 {{a tile with a layout has dimensions that are powers of two, found 6x4}}
func.func private @not_power_of_two() -> !tile.tile<6x4xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3, -1], warps = []>>

// -----

// expected-error @+1 {{tile encoding must be a #tile.layout, found 3 : i64}}
func.func private @not_a_layout() -> !tile.tile<4xf32, 3>

// -----

func.func @convert_shape(%a: !tile.tile<32xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>) {
  // expected-error @+1 {{'tile.convert_layout' op changes only the layout, but '!tile.tile<32xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>' and '!tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>' differ in shape or element type}}
  %b = tile.convert_layout %a : !tile.tile<32xf32, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>> to !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>
  return
}
