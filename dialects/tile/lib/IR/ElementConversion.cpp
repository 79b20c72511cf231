//===- ElementConversion.cpp - The kernel language's cast rules -----------===//

#include "tile/IR/ElementConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;

/// A constant of `type` (a scalar or a shaped type) whose every element is
/// `scalar`.
static Value constantLike(OpBuilder &builder, Location loc, Type type,
                          TypedAttr scalar) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(builder, loc,
                                     DenseElementsAttr::get(shaped, scalar));
  return arith::ConstantOp::create(builder, loc, scalar);
}

/// Float to integer, truncating toward zero, saturating at the integer's
/// range ([0, 2^w - 1] when unsigned), NaN to zero: the rule of the kernel
/// language and of the GPU's cvt.rzi, where arith.fptosi and arith.fptoui
/// alone are undefined out of range.
static Value floatToInt(OpBuilder &builder, Location loc, Value value,
                        Type target, bool isUnsigned) {
  Type source = value.getType();
  Type element = getElementTypeOrSelf(source);
  if (!element.isF32() && !element.isF64()) {
    // f16 and bf16 are exact in f32, where the bounds below are exact too.
    Type wide = builder.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(source))
      wide = shaped.clone(wide);
    value = arith::ExtFOp::create(builder, loc, wide, value);
    source = wide;
    element = getElementTypeOrSelf(wide);
  }
  unsigned width = getElementTypeOrSelf(target).getIntOrFloatBitWidth();
  auto bound = [&](double x) {
    return constantLike(builder, loc, source, builder.getFloatAttr(element, x));
  };
  double limit = std::ldexp(1.0, isUnsigned ? width : width - 1);
  double lowest = isUnsigned ? 0.0 : -limit;
  // The largest f32 (or f64) below the limit converts without overflow.
  double below = element.isF64()
                     ? std::nextafter(limit, 0.0)
                     : double(std::nextafter(static_cast<float>(limit), 0.0f));
  Value atLeast = arith::MaximumFOp::create(builder, loc, value, bound(lowest));
  Value clamped =
      arith::MinimumFOp::create(builder, loc, atLeast, bound(below));
  Value result =
      isUnsigned
          ? Value(arith::FPToUIOp::create(builder, loc, target, clamped))
          : Value(arith::FPToSIOp::create(builder, loc, target, clamped));
  auto intConstant = [&](const APInt &x) {
    return constantLike(
        builder, loc, target,
        builder.getIntegerAttr(getElementTypeOrSelf(target), x));
  };
  Value tooLarge = arith::CmpFOp::create(
      builder, loc, arith::CmpFPredicate::OGE, value, bound(limit));
  Value largest = intConstant(isUnsigned ? APInt::getMaxValue(width)
                                         : APInt::getSignedMaxValue(width));
  result = arith::SelectOp::create(builder, loc, tooLarge, largest, result);
  Value isNaN = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO,
                                      value, value);
  return arith::SelectOp::create(builder, loc, isNaN,
                                 intConstant(APInt::getZero(width)), result);
}

Value mlir::tile::convertElements(OpBuilder &builder, Location loc, Value value,
                                  Type target, bool fromUnsigned,
                                  bool toUnsigned) {
  Type source = value.getType();
  Type from = getElementTypeOrSelf(source), to = getElementTypeOrSelf(target);
  if (from == to)
    return value;
  if (to.isInteger(1)) {
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getZeroAttr(source));
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE,
                                   value, zero);
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                 zero);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (isa<FloatType>(from) && isa<FloatType>(to)) {
    // f64 to f16 or bf16 too is one truncf: rounded once.
    if (fromWidth < toWidth)
      return arith::ExtFOp::create(builder, loc, target, value);
    if (fromWidth > toWidth)
      return arith::TruncFOp::create(builder, loc, target, value);
    // f16 <-> bf16 goes through f32, which holds both exactly.
    Type wide = builder.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(source))
      wide = shaped.clone(wide);
    Value widened = arith::ExtFOp::create(builder, loc, wide, value);
    return arith::TruncFOp::create(builder, loc, target, widened);
  }
  if (isa<FloatType>(to)) {
    if (from.isInteger(1) || fromUnsigned)
      return arith::UIToFPOp::create(builder, loc, target, value);
    return arith::SIToFPOp::create(builder, loc, target, value);
  }
  if (isa<FloatType>(from))
    return floatToInt(builder, loc, value, target, toUnsigned);
  // Between integers, the source's signedness decides how to widen; the
  // same bits then mean the target's value, modulo 2^width as in C++.
  if (from.isInteger(1) || (fromUnsigned && fromWidth < toWidth))
    return arith::ExtUIOp::create(builder, loc, target, value);
  if (fromWidth == toWidth)
    return value;
  if (fromWidth < toWidth)
    return arith::ExtSIOp::create(builder, loc, target, value);
  return arith::TruncIOp::create(builder, loc, target, value);
}
