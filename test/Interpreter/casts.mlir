// RUN: tile-interp %s --args=1000.0 | FileCheck %s

// The language's cast rules: floats to integers toward zero, saturating,
// NaN to 0 (to bool: NaN is true); to the 8-bit floats to nearest even,
// saturating at the largest finite value, infinities too; integers wrap.
// x = [s, -s, NaN, 1.0625] for the scalar s (e5m2: x times infinity).
// CHECK: to_int: 127 -128 0 1 32767 -32768 0 106 1 1 1 1
// CHECK: to_float8: 448 -448 nan 1 57344 -57344 nan 57344
// CHECK: wrap: -56 -56 -56 -56
func.func @to_int(%i8out: !tile.piece<4xi8>, %i16out: !tile.piece<4xi16>, %bout: !tile.piece<4xi1>, %s: f32) attributes {tile.kernel, tile.name = "to_int"} {
  %x = tile.constant dense<[0.0, 0.0, 0x7FC00000, 1.0625]> : !tile.tile<4xf32>
  %i = tile.iota : <4xi32>
  %two = tile.constant dense<2> : !tile.tile<4xi32>
  %first = tile.cmp lt, %i, %two : <4xi32> -> <4xi1>
  %one = tile.constant dense<1> : !tile.tile<4xi32>
  %isFirst = tile.cmp lt, %i, %one : <4xi32> -> <4xi1>
  %splat = tile.splat %s : f32 -> <4xf32>
  %neg = tile.neg %splat : <4xf32>
  %signed = tile.select %isFirst, %splat, %neg : <4xi1>, <4xf32>
  %v = tile.select %first, %signed, %x : <4xi1>, <4xf32>
  %a = tile.cast %v : <4xf32> to <4xi8>
  tile.store %a, %i8out : <4xi8>, <4xi8>
  %big = tile.constant dense<100.0> : !tile.tile<4xf32>
  %scaled = tile.mul %v, %big : <4xf32>
  %b = tile.cast %scaled : <4xf32> to <4xi16>
  tile.store %b, %i16out : <4xi16>, <4xi16>
  %c = tile.cast %v : <4xf32> to <4xi1>
  tile.store %c, %bout : <4xi1>, <4xi1>
  return
}

func.func @to_float8(%e4m3: !tile.piece<4xf8E4M3FN>, %e5m2: !tile.piece<4xf8E5M2>, %s: f32) attributes {tile.kernel, tile.name = "to_float8"} {
  %x = tile.constant dense<[0.0, 0.0, 0x7FC00000, 1.0625]> : !tile.tile<4xf32>
  %i = tile.iota : <4xi32>
  %two = tile.constant dense<2> : !tile.tile<4xi32>
  %first = tile.cmp lt, %i, %two : <4xi32> -> <4xi1>
  %one = tile.constant dense<1> : !tile.tile<4xi32>
  %isFirst = tile.cmp lt, %i, %one : <4xi32> -> <4xi1>
  %splat = tile.splat %s : f32 -> <4xf32>
  %neg = tile.neg %splat : <4xf32>
  %signed = tile.select %isFirst, %splat, %neg : <4xi1>, <4xf32>
  %v = tile.select %first, %signed, %x : <4xi1>, <4xf32>
  %a = tile.cast %v : <4xf32> to <4xf8E4M3FN>
  tile.store %a, %e4m3 : <4xf8E4M3FN>, <4xf8E4M3FN>
  %inf = tile.constant dense<0x7F800000> : !tile.tile<4xf32>
  %infs = tile.mul %v, %inf : <4xf32>
  %b = tile.cast %infs : <4xf32> to <4xf8E5M2>
  tile.store %b, %e5m2 : <4xf8E5M2>, <4xf8E5M2>
  return
}

func.func @wrap(%out: !tile.piece<4xi8>) attributes {tile.kernel, tile.name = "wrap"} {
  %a = tile.constant dense<100> : !tile.tile<4xi8>
  %b = tile.add %a, %a : <4xi8>
  tile.store %b, %out : <4xi8>, <4xi8>
  return
}
