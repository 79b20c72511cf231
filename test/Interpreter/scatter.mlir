// RUN: tile-interp %s --grid=2 --extent=12 | FileCheck %s

// Two programs scatter into pieces of 8 of a tensor of 12. The first
// scatter puts elements 1, 2, 3 at 1, 4, 7 and drops the others (indices
// below 0 or past the piece); the second writes pairs of elements to one
// piece element each, the later of a pair winning, element 5 masked off (4
// wins). The second program's piece ends at the tensor's edge: what falls
// past it is dropped.
// CHECK: scatter: 101 103 104 107 20 -777 -777 30 101 103 104 107
func.func @scatter(%out: !tile.piece<8xi32>) attributes {tile.kernel, tile.name = "scatter"} {
  %i = tile.iota : <8xi32>
  %ten = tile.constant dense<10> : !tile.tile<8xi32>
  %three = tile.constant dense<3> : !tile.tile<8xi32>
  %two = tile.constant dense<2> : !tile.tile<8xi32>
  %hundred = tile.constant dense<100> : !tile.tile<8xi32>
  %five = tile.constant dense<5> : !tile.tile<8xi32>
  %tens = tile.mul %i, %ten : <8xi32>
  %thrice = tile.mul %i, %three : <8xi32>
  %spread = tile.sub %thrice, %two : <8xi32>
  tile.scatter %out[%spread], %tens : !tile.piece<8xi32>[!tile.tile<8xi32>], !tile.tile<8xi32>
  %pairs = tile.div %i, %two : <8xi32>
  %values = tile.add %i, %hundred : <8xi32>
  %keep = tile.cmp ne, %i, %five : <8xi32> -> <8xi1>
  tile.scatter %out[%pairs], %values if %keep : !tile.piece<8xi32>[!tile.tile<8xi32>], !tile.tile<8xi32>, !tile.tile<8xi1>
  return
}
