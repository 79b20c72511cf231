//===- NarrowConversions.cpp - Casts of 8-bit elements --------------------===//
//
// LLVM has no 8-bit float type, so casts that involve f8E4M3FN or f8E5M2
// use the GPU's paired conversions (sm_89 and later): two bytes to two f16
// (exact), and two f32 to two bytes, rounded to nearest even and saturated
// at the largest finite value (cvt.rn.satfinite), which is the kernel
// language's rule. Everything else goes through f32 and the common cast
// rules, as in host mode.
//
// int8 to f32, the dequantization of int8 weights, is integer bit work and
// one subtraction instead of a conversion instruction, which runs at an
// eighth of the float rate: it decides the speed of an int8
// matrix-vector product.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/ElementConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

/// The PTX name of an 8-bit float type's pairs.
static StringRef pairName(Type element) {
  return isa<Float8E4M3FNType>(element) ? "e4m3x2" : "e5m2x2";
}

/// One PTX instruction of one result and its operands, free of effects.
static Value inlinePtx(OpBuilder &builder, Location loc, Type result,
                       ValueRange operands, StringRef ptx,
                       StringRef constraints) {
  return LLVM::InlineAsmOp::create(
             builder, loc, result, operands, ptx, constraints,
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             /*asm_dialect=*/LLVM::AsmDialectAttr(),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// Element `i` of `vector`, or `fallback` past its end.
static Value elementOr(OpBuilder &builder, Location loc, Value vector,
                       int64_t i, Value fallback) {
  if (i >= cast<VectorType>(vector.getType()).getNumElements())
    return fallback;
  return vector::ExtractOp::create(builder, loc, vector, i);
}

/// The 8-bit floats of `bytes` (a vector of i8) as f16, two at a time.
static Value float8ToHalf(OpBuilder &builder, Location loc, Value bytes,
                          Type element) {
  auto type = cast<VectorType>(bytes.getType());
  int64_t count = type.getNumElements();
  Type i8 = builder.getI8Type(), i16 = builder.getI16Type();
  Type f16 = builder.getF16Type();
  auto halves = VectorType::get({count}, f16);
  Value result =
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(halves));
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getIntegerAttr(i8, 0));
  std::string ptx = ("cvt.rn.f16x2." + pairName(element) + " $0, $1;").str();
  for (int64_t i = 0; i < count; i += 2) {
    Value low = elementOr(builder, loc, bytes, i, zero);
    Value high = elementOr(builder, loc, bytes, i + 1, zero);
    Value pair = vector::FromElementsOp::create(
        builder, loc, VectorType::get({2}, i8), ValueRange{low, high});
    Value packed = vector::BitCastOp::create(builder, loc,
                                             VectorType::get({1}, i16), pair);
    packed = vector::ExtractOp::create(builder, loc, packed, 0);
    Value converted =
        inlinePtx(builder, loc, builder.getI32Type(), packed, ptx, "=r,h");
    Value pairOfHalves = LLVM::BitcastOp::create(
        builder, loc, VectorType::get({2}, f16), converted);
    for (int64_t j = 0; j < 2 && i + j < count; ++j)
      result = vector::InsertOp::create(
          builder, loc,
          vector::ExtractOp::create(builder, loc, pairOfHalves, j), result,
          i + j);
  }
  return result;
}

/// `values` (a vector of f32) as bytes of 8-bit floats of type `element`,
/// two at a time.
static Value floatToFloat8(OpBuilder &builder, Location loc, Value values,
                           Type element) {
  auto type = cast<VectorType>(values.getType());
  int64_t count = type.getNumElements();
  Type i8 = builder.getI8Type(), i16 = builder.getI16Type();
  auto bytesType = VectorType::get({count}, i8);
  Value result =
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(bytesType));
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0.0f));
  // The first operand lands in the upper byte.
  std::string ptx =
      ("cvt.rn.satfinite." + pairName(element) + ".f32 $0, $2, $1;").str();
  for (int64_t i = 0; i < count; i += 2) {
    Value low = elementOr(builder, loc, values, i, zero);
    Value high = elementOr(builder, loc, values, i + 1, zero);
    Value packed =
        inlinePtx(builder, loc, i16, ValueRange{low, high}, ptx, "=h,f,f");
    Value pair = vector::BitCastOp::create(
        builder, loc, VectorType::get({2}, i8),
        vector::BroadcastOp::create(builder, loc, VectorType::get({1}, i16),
                                    packed));
    for (int64_t j = 0; j < 2 && i + j < count; ++j)
      result = vector::InsertOp::create(
          builder, loc, vector::ExtractOp::create(builder, loc, pair, j),
          result, i + j);
  }
  return result;
}

Value mlir::tile::convertFloat8Elements(OpBuilder &builder, Location loc,
                                        Value value, VectorType target,
                                        bool fromUnsigned, bool toUnsigned) {
  Type from = getElementTypeOrSelf(value.getType());
  Type to = target.getElementType();
  if (from == to)
    return value;
  if (isFloat8(from)) {
    Value bytes = arith::BitcastOp::create(
        builder, loc, target.clone(builder.getI8Type()), value);
    value = float8ToHalf(builder, loc, bytes, from);
    if (!isFloat8(to))
      return convertElements(builder, loc, value, target, false, toUnsigned);
  }
  Value wide = convertElements(
      builder, loc, value, target.clone(builder.getF32Type()), fromUnsigned);
  Value bytes = floatToFloat8(builder, loc, wide, to);
  return arith::BitcastOp::create(builder, loc, target, bytes);
}

Value mlir::tile::convertBytesToFloat(OpBuilder &builder, Location loc,
                                      Value bytes) {
  // 2^23 + (b + 128) is the float whose mantissa holds the byte with its
  // sign bit flipped; subtracting 2^23 + 128 leaves b, exactly.
  auto type = cast<VectorType>(bytes.getType());
  auto words = type.clone(builder.getI32Type());
  auto splat = [&](Type vectorType, TypedAttr value) -> Value {
    return arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(cast<ShapedType>(vectorType), value));
  };
  Value unsignedBytes = arith::ExtUIOp::create(builder, loc, words, bytes);
  Value biased =
      arith::XOrIOp::create(builder, loc, unsignedBytes,
                            splat(words, builder.getI32IntegerAttr(0x80)));
  Value bits =
      arith::OrIOp::create(builder, loc, biased,
                           splat(words, builder.getI32IntegerAttr(0x4B000000)));
  auto floats = type.clone(builder.getF32Type());
  Value shifted = arith::BitcastOp::create(builder, loc, floats, bits);
  return arith::SubFOp::create(
      builder, loc, shifted,
      splat(floats, builder.getF32FloatAttr(8388608.0f + 128.0f)));
}
