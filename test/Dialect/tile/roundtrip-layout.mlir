// RUN: tile-opt %s --canonicalize | tile-opt | FileCheck %s

// Layouts print and parse back; tiles carry them as their encoding.

// CHECK-LABEL: func.func @encoded
// CHECK-SAME: !tile.tile<1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>
// CHECK: tile.convert_layout %{{.*}} : <1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>> to <1x1024xf32, #tile.layout<registers = [7, 8, 9], lanes = [0, 1, 2, 3, 4], warps = [5, 6]>>
func.func @encoded(%a: !tile.tile<1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>>) -> !tile.tile<1x1024xf32, #tile.layout<registers = [7, 8, 9], lanes = [0, 1, 2, 3, 4], warps = [5, 6]>> {
  %b = tile.convert_layout %a : !tile.tile<1x1024xf32, #tile.layout<registers = [0, 1, 9], lanes = [2, 3, 4, 5, 6], warps = [7, 8]>> to <1x1024xf32, #tile.layout<registers = [7, 8, 9], lanes = [0, 1, 2, 3, 4], warps = [5, 6]>>
  return %b : !tile.tile<1x1024xf32, #tile.layout<registers = [7, 8, 9], lanes = [0, 1, 2, 3, 4], warps = [5, 6]>>
}

// Replicas (-1), no registers and no warps are all valid: one element held
// by every lane of one warp.
// CHECK-LABEL: func.func @replicated
// CHECK-SAME: !tile.tile<1xi32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, -1], warps = []>>
func.func @replicated(%a: !tile.tile<1xi32, #tile.layout<registers = [], lanes = [-1, -1, -1, -1, -1], warps = []>>) {
  return
}

// A conversion to the same layout folds away.
// CHECK-LABEL: func.func @same_layout
// CHECK-NEXT: return %arg0
func.func @same_layout(%a: !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>) -> !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>> {
  %b = tile.convert_layout %a : !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>> to !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>
  %c = tile.convert_layout %b : !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>> to !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>
  return %c : !tile.tile<32xf16, #tile.layout<registers = [], lanes = [0, 1, 2, 3, 4], warps = []>>
}
