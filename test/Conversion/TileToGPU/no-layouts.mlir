// RUN: not tile-opt %s --convert-tile-to-gpu 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s --check-prefix=LAID-OUT

// The conversion lowers the layouts tile-assign-layouts chose; it does not
// choose them itself.
// CHECK: error: 'func.func' op has no thread layouts; run tile-assign-layouts (or the tile-transforms pipeline) before convert-tile-to-gpu
// LAID-OUT: gpu.func @copy
func.func @copy(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}
