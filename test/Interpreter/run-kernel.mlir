// RUN: tile-interp %s --grid=2 --args=5,-3 | FileCheck %s
// RUN: not tile-interp %s --grid=2 --args=5 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not tile-interp %s --grid=0 2>&1 | FileCheck %s --check-prefix=GRID

// Each of two programs stores into its piece of 4: a loop-carried sum of
// a * i + b over i in [0, 3) at element 0, the program id shifted and masked
// at element 2 through a select; elements 1 and 3 keep the fill.
// CHECK: steps: 6 -777 0 -777 6 -777 4 -777
// ARGS: tile-interp: error: kernel 'steps' takes more scalars than --args gives
// GRID: tile-interp: error: --grid takes one to three positive counts
func.func @steps(%out: !tile.piece<4xi64>, %a: i64, %b: i64) attributes {tile.kernel, tile.name = "steps"} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %ai = arith.muli %a, %ii : i64
    %t = arith.addi %ai, %b : i64
    %next = arith.addi %acc, %t : i64
    scf.yield %next : i64
  }
  %s = tile.splat %sum : i64 -> <1xi64>
  %i0 = arith.constant 0 : i32
  tile.store_at %s, %out[%i0] : <1xi64>, <4xi64>
  %p = tile.program_id 0 : i32
  %two = arith.constant 2 : i32
  %shifted = arith.shli %p, %two : i32
  %masked = arith.andi %shifted, %p : i32
  %isFirst = arith.cmpi eq, %p, %i0 : i32
  %chosen = arith.select %isFirst, %masked, %shifted : i32
  %wide = arith.extsi %chosen : i32 to i64
  %m = tile.splat %wide : i64 -> <1xi64>
  %i1 = arith.constant 1 : i32
  tile.store_at %m, %out[%two] : <1xi64>, <4xi64>
  return
}
