//===- ElementwiseToArith.cpp - Element-wise tile ops on thread vectors ---===//
//
// The operands and results of an element-wise op share one layout, so every
// thread holds their elements in the same order, and element-wise ops become
// arith and math ops on those vectors.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/ElementConversion.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

static bool isFloat(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

namespace {

/// A binary op: one arith op for floats, one for (signed) integers.
template <typename SourceOp, typename FloatOp, typename IntOp>
struct BinaryLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isFloat(op.getType()))
      rewriter.replaceOpWithNewOp<FloatOp>(op, adaptor.getLhs(),
                                           adaptor.getRhs());
    else
      rewriter.replaceOpWithNewOp<IntOp>(op, adaptor.getLhs(),
                                         adaptor.getRhs());
    return success();
  }
};

/// A transcendental function. The math library works in f32, so f16 and
/// bf16 are widened first and rounded after, as in host mode.
template <typename SourceOp, typename MathOp>
struct FloatMathLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto vectorType = cast<VectorType>(input.getType());
    if (vectorType.getElementType().isF32()) {
      rewriter.replaceOpWithNewOp<MathOp>(op, input);
      return success();
    }
    auto wide = vectorType.clone(rewriter.getF32Type());
    Value widened = arith::ExtFOp::create(rewriter, loc, wide, input);
    Value result = MathOp::create(rewriter, loc, widened);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, vectorType, result);
    return success();
  }
};

struct NegLowering : OpConversionPattern<NegOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(NegOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    if (isFloat(input.getType())) {
      rewriter.replaceOpWithNewOp<arith::NegFOp>(op, input);
      return success();
    }
    Value zero = arith::ConstantOp::create(
        rewriter, op.getLoc(), rewriter.getZeroAttr(input.getType()));
    rewriter.replaceOpWithNewOp<arith::SubIOp>(op, zero, input);
    return success();
  }
};

struct AbsLowering : OpConversionPattern<AbsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AbsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isFloat(op.getType()))
      rewriter.replaceOpWithNewOp<math::AbsFOp>(op, adaptor.getInput());
    else
      rewriter.replaceOpWithNewOp<math::AbsIOp>(op, adaptor.getInput());
    return success();
  }
};

struct FmaLowering : OpConversionPattern<FmaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::FmaOp>(op, adaptor.getA(), adaptor.getB(),
                                             adaptor.getC());
    return success();
  }
};

struct CmpLowering : OpConversionPattern<CmpOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CmpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    if (isFloat(lhs.getType())) {
      static constexpr arith::CmpFPredicate kFloat[] = {
          arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE,
          arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
          arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE};
      rewriter.replaceOpWithNewOp<arith::CmpFOp>(
          op, kFloat[static_cast<int>(op.getPredicate())], lhs, rhs);
      return success();
    }
    static constexpr arith::CmpIPredicate kInt[] = {
        arith::CmpIPredicate::eq,  arith::CmpIPredicate::ne,
        arith::CmpIPredicate::slt, arith::CmpIPredicate::sle,
        arith::CmpIPredicate::sgt, arith::CmpIPredicate::sge};
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, kInt[static_cast<int>(op.getPredicate())], lhs, rhs);
    return success();
  }
};

struct SelectLowering : OpConversionPattern<SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, adaptor.getCondition(),
                                                 adaptor.getTrueValue(),
                                                 adaptor.getFalseValue());
    return success();
  }
};

struct CastLowering : OpConversionPattern<CastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto target = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    rewriter.replaceOp(
        op, convertElements(rewriter, op.getLoc(), adaptor.getInput(), target));
    return success();
  }
};

struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return rewriter.notifyMatchFailure(
          op, "only splat constant tiles are lowered to the GPU");
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    return success();
  }
};

struct SplatLowering : OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getInput());
    return success();
  }
};

/// Register r of a thread holds the element whose flat index is the
/// register's part (a constant) plus the thread's part under the layout.
struct IotaLowering : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LinearLayoutAttr layout = layoutOf(op.getType());
    Location loc = op.getLoc();
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Type element = type.getElementType();
    SmallVector<APInt> offsets;
    for (int64_t r = 0; r < layout.getElementsPerThread(); ++r)
      offsets.emplace_back(element.getIntOrFloatBitWidth(),
                           registerElement(layout, r));
    Value base = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(type, offsets));
    Value start = ThreadPosition::current(rewriter, loc)
                      .elementOffset(rewriter, loc, layout);
    if (element != start.getType())
      start = arith::ExtUIOp::create(rewriter, loc, element, start);
    start = vector::BroadcastOp::create(rewriter, loc, type, start);
    rewriter.replaceOpWithNewOp<arith::OrIOp>(op, base, start);
    return success();
  }
};

} // namespace

void mlir::tile::populateElementwiseToArithPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<BinaryLowering<AddOp, arith::AddFOp, arith::AddIOp>,
               BinaryLowering<SubOp, arith::SubFOp, arith::SubIOp>,
               BinaryLowering<MulOp, arith::MulFOp, arith::MulIOp>,
               BinaryLowering<DivOp, arith::DivFOp, arith::DivSIOp>,
               BinaryLowering<RemOp, arith::RemFOp, arith::RemSIOp>,
               BinaryLowering<MaxOp, arith::MaximumFOp, arith::MaxSIOp>,
               BinaryLowering<MinOp, arith::MinimumFOp, arith::MinSIOp>,
               FloatMathLowering<ExpOp, math::ExpOp>,
               FloatMathLowering<Exp2Op, math::Exp2Op>,
               FloatMathLowering<LogOp, math::LogOp>,
               FloatMathLowering<SqrtOp, math::SqrtOp>,
               FloatMathLowering<RsqrtOp, math::RsqrtOp>,
               FloatMathLowering<TanhOp, math::TanhOp>,
               FloatMathLowering<SinOp, math::SinOp>,
               FloatMathLowering<CosOp, math::CosOp>, NegLowering, AbsLowering,
               FmaLowering, CmpLowering, SelectLowering, CastLowering,
               ConstantLowering, SplatLowering, IotaLowering>(
      converter, patterns.getContext());
}
