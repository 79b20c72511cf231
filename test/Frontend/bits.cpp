// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: not tilecc %s --check -DFLOAT_BITS 2>&1 | FileCheck %s --check-prefix=FLOAT-BITS
// RUN: not tilecc %s --check -DBOOL_SHIFT 2>&1 | FileCheck %s --check-prefix=BOOL-SHIFT
// RUN: not tilecc %s --check -DINT_NOT 2>&1 | FileCheck %s --check-prefix=INT-NOT
// RUN: not tilecc %s --check -DBITCAST_WIDTH 2>&1 | FileCheck %s --check-prefix=BITCAST-WIDTH
// RUN: not tilecc %s --check -DBITCAST_BOOL 2>&1 | FileCheck %s --check-prefix=BITCAST-BOOL
#include <tile/kernel.h>

// Bit ops on integer tiles, each with its operands in the order written; a
// scalar operand is splatted.
// CHECK-LABEL: func.func @bits(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<256xi32>, %[[X:[^:]*]]: !tile.view<?xi32>
// CHECK-DAG: %[[MASK:.*]] = tile.constant dense<255> : !tile.tile<256xi32>
// CHECK-DAG: %[[THREE:.*]] = tile.constant dense<3> : !tile.tile<256xi32>
// CHECK: %[[V:.*]] = tile.load %[[X]]
// CHECK-NEXT: %[[LANES:.*]] = tile.iota : <256xi32>
// CHECK-NEXT: %[[SHL:.*]] = tile.shl %[[V]], %[[THREE]] : <256xi32>
// CHECK-NEXT: %[[SHR:.*]] = tile.shr %[[V]], %[[LANES]] : <256xi32>
// CHECK-NEXT: %[[XOR:.*]] = tile.xor %[[SHL]], %[[SHR]] : <256xi32>
// CHECK-NEXT: %[[NOT:.*]] = tile.not %[[V]] : <256xi32>
// CHECK-NEXT: %[[AND:.*]] = tile.and %[[NOT]], %[[MASK]] : <256xi32>
// CHECK-NEXT: %[[OR:.*]] = tile.or %[[XOR]], %[[AND]] : <256xi32>
// CHECK-NEXT: tile.store %[[OR]], %[[OUT]]
TILE_KERNEL void bits(tile::Piece<int32_t, 256> out, tile::View<int32_t> x) {
  auto v = tile::load_like(x, out);
  auto lanes = tile::iota<int32_t, 256>();
  out.store(((v << 3) ^ (v >> lanes)) | (~v & 255));
}

// The logic of masks: && and & are one op, || and | another; ! negates.
// CHECK-LABEL: func.func @masks(
// CHECK: %[[F:.*]] = tile.load
// CHECK-NEXT: %[[POS:.*]] = tile.cmp gt, %[[F]], %{{.*}}
// CHECK-NEXT: %[[SMALL:.*]] = tile.cmp lt, %[[F]], %{{.*}}
// CHECK-NEXT: %[[BOTH:.*]] = tile.and %[[POS]], %[[SMALL]] : <128xi1>
// CHECK-NEXT: %[[SEVEN:.*]] = tile.cmp eq, %[[F]], %{{.*}}
// CHECK-NEXT: %[[OTHER:.*]] = tile.not %[[SEVEN]] : <128xi1>
// CHECK-NEXT: %[[KEEP:.*]] = tile.or %[[BOTH]], %[[OTHER]] : <128xi1>
// CHECK-NEXT: %[[ODD:.*]] = tile.xor %[[KEEP]], %[[POS]] : <128xi1>
// CHECK-NEXT: %[[ALL:.*]] = tile.and %[[ODD]], %[[KEEP]] : <128xi1>
// CHECK-NEXT: %[[ANY:.*]] = tile.or %[[ALL]], %[[SMALL]] : <128xi1>
// CHECK-NEXT: tile.select %[[ANY]], %[[F]]
TILE_KERNEL void masks(tile::Piece<float, 128> out, tile::View<float> y) {
  auto f = tile::load_like(y, out);
  auto positive = f > 0.0f;
  auto small = f < 1.0f;
  auto keep = (positive && small) || !(f == 7.0f);
  auto odd = keep ^ positive;
  auto any = (odd & keep) | small;
  out.store(tile::select(any, f, tile::full<float, 128>(0.0f)));
}

// A float's bits as an integer and back: the magnitude's bits, and a float
// built from an exponent and a mantissa.
// CHECK-LABEL: func.func @float_bits(
// CHECK: %[[F:.*]] = tile.load
// CHECK-NEXT: %[[BITS:.*]] = tile.bitcast %[[F]] : <64xf32> to <64xi32>
// CHECK-NEXT: %[[MAG:.*]] = tile.and %[[BITS]], %{{.*}} : <64xi32>
// CHECK-NEXT: %[[BACK:.*]] = tile.bitcast %[[MAG]] : <64xi32> to <64xf32>
// CHECK-NEXT: tile.store %[[BACK]]
TILE_KERNEL void float_bits(tile::Piece<float, 64> out, tile::View<float> y) {
  auto bits = tile::bitcast<int32_t>(tile::load_like(y, out));
  out.store(tile::bitcast<float>(bits & 0x7fffffff));
}

#ifdef BITCAST_WIDTH
// BITCAST-WIDTH: error: static assertion failed{{.*}}: tile::bitcast<U>: U must have the width of the tile's elements (double and int64_t; float and int32_t; tile::f16, tile::bf16 and int16_t; tile::f8e4m3, tile::f8e5m2 and int8_t)
// BITCAST-WIDTH: bits.cpp:[[@LINE+2]]:
TILE_KERNEL void wideBits(tile::Piece<int64_t, 8> out) {
  out.store(tile::bitcast<int64_t>(tile::full<float, 8>(1.0f)));
}
#endif

#ifdef BITCAST_BOOL
// BITCAST-BOOL: error: static assertion failed{{.*}}: tile::bitcast<U>: bool elements have no bit layout of their own; compare or select instead
TILE_KERNEL void boolBits(tile::Piece<float, 8> out) {
  auto m = out.load() > 0.0f;
  out.store(tile::select(tile::bitcast<bool>(m), out.load(), out.load()));
}
#endif

#ifdef FLOAT_BITS
// FLOAT-BITS: bits.cpp:[[@LINE+2]]:24: error: invalid operands to binary expression ('TileType' (aka 'Tile<float, 8>') and 'TileType')
TILE_KERNEL void floatBits(tile::Piece<float, 8> out) {
  out.store(out.load() & out.load());
}
#endif

#ifdef BOOL_SHIFT
// BOOL-SHIFT: bits.cpp:[[@LINE+3]]:20: error: invalid operands to binary expression ('Tile<bool, 8>' and 'Tile<bool, 8>')
TILE_KERNEL void boolShift(tile::Piece<float, 8> out) {
  auto m = out.load() > 0.0f;
  auto shifted = m << m;
  out.store(tile::select(shifted, out.load(), out.load()));
}
#endif

#ifdef INT_NOT
// INT-NOT: bits.cpp:[[@LINE+2]]:26: error: invalid argument type 'TileType' (aka 'Tile<int, 8>') to unary expression
TILE_KERNEL void intNot(tile::Piece<int32_t, 8> out) {
  out.store(tile::select(!out.load(), out.load(), out.load()));
}
#endif
