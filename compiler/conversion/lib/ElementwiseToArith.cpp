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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

/// Where a constant table lives: global memory.
static constexpr unsigned kGlobalAddressSpace = 1;

static bool isFloat(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

/// Whether `type` (a tile, before conversion) holds unsigned integers, which
/// the converted vectors no longer tell: the tile type carries the
/// signedness, so each pattern picks the unsigned arith op from it.
static bool isUnsigned(Type type) {
  return getElementTypeOrSelf(type).isUnsignedInteger();
}

/// `value`, an integer attribute of an unsigned element, as the signless
/// attribute arith constants take; other attributes as they are.
static Attribute signless(Attribute value) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || !integer.getType().isUnsignedInteger())
    return value;
  return IntegerAttr::get(scalarType(integer.getType()), integer.getValue());
}

namespace {

/// A binary op: one arith op for floats, one for signed integers, one for
/// unsigned integers (the same as the signed one where the bits agree).
template <typename SourceOp, typename FloatOp, typename IntOp,
          typename UnsignedOp = IntOp>
struct BinaryLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isFloat(op.getType()))
      rewriter.replaceOpWithNewOp<FloatOp>(op, adaptor.getLhs(),
                                           adaptor.getRhs());
    else if (isUnsigned(op.getType()))
      rewriter.replaceOpWithNewOp<UnsignedOp>(op, adaptor.getLhs(),
                                              adaptor.getRhs());
    else
      rewriter.replaceOpWithNewOp<IntOp>(op, adaptor.getLhs(),
                                         adaptor.getRhs());
    return success();
  }
};

/// A function of the math library, of one or two operands. The library
/// works in f32 and f64, so f16 and bf16 operands are widened to f32 first
/// and the result rounded after, as in host mode.
template <typename SourceOp, typename MathOp>
struct FloatMathLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getOperands();
    auto vectorType = cast<VectorType>(operands.front().getType());
    if (vectorType.getElementType().isF32() ||
        vectorType.getElementType().isF64()) {
      rewriter.replaceOpWithNewOp<MathOp>(op, operands);
      return success();
    }
    auto wide = vectorType.clone(rewriter.getF32Type());
    SmallVector<Value> widened;
    for (Value operand : operands)
      widened.push_back(arith::ExtFOp::create(rewriter, loc, wide, operand));
    Value result = MathOp::create(rewriter, loc, widened);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, vectorType, result);
    return success();
  }
};

/// trunc(x) as ceil(x) below zero and floor(x) elsewhere (-0 and NaN stay),
/// since the NVVM lowering has no math.trunc. Exact in every float type.
struct TruncLowering : OpConversionPattern<TruncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TruncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(input.getType()));
    Value negative = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, input, zero);
    Value up = math::CeilOp::create(rewriter, loc, input);
    Value down = math::FloorOp::create(rewriter, loc, input);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, up, down);
    return success();
  }
};

/// tile.sin or tile.cos, together with its partner of the same operand in
/// the same block: one libdevice sincos per element, so that both share one
/// range reduction (the larger part of each, in code and registers). Either
/// op alone lowers as any other transcendental function.
template <typename SourceOp, typename PartnerOp>
struct SinCosLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PartnerOp partner;
    for (Operation *user : op.getInput().getUsers())
      if (auto candidate = dyn_cast<PartnerOp>(user);
          candidate && candidate->getBlock() == op->getBlock()) {
        partner = candidate;
        break;
      }
    if (!partner)
      return rewriter.notifyMatchFailure(op, "no partner of the same operand");
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto vectorType = cast<VectorType>(input.getType());
    Type element = vectorType.getElementType();
    // f64 computes in f64; f16 and bf16 in f32.
    Type compute = element.isF64() ? element : rewriter.getF32Type();
    Value sines = arith::ConstantOp::create(rewriter, loc,
                                            rewriter.getZeroAttr(vectorType));
    Value cosines = sines;
    for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
      Value x = vector::ExtractOp::create(rewriter, loc, input, i);
      if (element != compute)
        x = arith::ExtFOp::create(rewriter, loc, compute, x);
      auto sincos = math::SincosOp::create(rewriter, loc, x);
      Value sine = sincos.getSin(), cosine = sincos.getCos();
      if (element != compute) {
        sine = arith::TruncFOp::create(rewriter, loc, element, sine);
        cosine = arith::TruncFOp::create(rewriter, loc, element, cosine);
      }
      sines = vector::InsertOp::create(rewriter, loc, sine, sines, i);
      cosines = vector::InsertOp::create(rewriter, loc, cosine, cosines, i);
    }
    bool isSin = std::is_same_v<SourceOp, SinOp>;
    rewriter.replaceOp(op, isSin ? sines : cosines);
    rewriter.replaceOp(partner, isSin ? cosines : sines);
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

/// ~x as x ^ ~0 (for bool tiles, !x as x ^ true).
struct NotLowering : OpConversionPattern<NotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(NotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    auto type = cast<VectorType>(input.getType());
    Value ones = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        DenseElementsAttr::get(
            type, APInt::getAllOnes(type.getElementTypeBitWidth())));
    rewriter.replaceOpWithNewOp<arith::XOrIOp>(op, input, ones);
    return success();
  }
};

/// Shifts with the language's meaning for every count, where LLVM's shifts
/// give poison past the width: the count is read unsigned, and one of the
/// width or more gives 0 for << and for >> of unsigned elements, and the
/// sign for >> of signed ones.
template <typename SourceOp, typename ShiftOp>
struct ShiftLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getLhs(), count = adaptor.getRhs();
    auto type = cast<VectorType>(value.getType());
    auto splat = [&](int64_t scalar) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(type,
                                 APInt(type.getElementTypeBitWidth(), scalar)));
    };
    int64_t bits = type.getElementTypeBitWidth();
    if constexpr (std::is_same_v<SourceOp, ShrOp>) {
      if (isUnsigned(op.getType())) {
        Value inside = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ult, count, splat(bits));
        Value shifted = arith::ShRUIOp::create(rewriter, loc, value, count);
        rewriter.replaceOpWithNewOp<arith::SelectOp>(op, inside, shifted,
                                                     splat(0));
        return success();
      }
      Value clamped =
          arith::MinUIOp::create(rewriter, loc, count, splat(bits - 1));
      rewriter.replaceOpWithNewOp<ShiftOp>(op, value, clamped);
      return success();
    }
    Value inside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, count, splat(bits));
    Value shifted = ShiftOp::create(rewriter, loc, value, count);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, inside, shifted, splat(0));
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
    else if (isUnsigned(op.getType()))
      rewriter.replaceOp(op, adaptor.getInput()); // |x| of unsigned x is x
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
    static constexpr arith::CmpIPredicate kUnsigned[] = {
        arith::CmpIPredicate::eq,  arith::CmpIPredicate::ne,
        arith::CmpIPredicate::ult, arith::CmpIPredicate::ule,
        arith::CmpIPredicate::ugt, arith::CmpIPredicate::uge};
    bool isUnsignedCmp = isUnsigned(op.getLhs().getType());
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op,
        (isUnsignedCmp ? kUnsigned : kInt)[static_cast<int>(op.getPredicate())],
        lhs, rhs);
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
    Value input = adaptor.getInput();
    bool fromUnsigned = isUnsigned(op.getInput().getType());
    bool toUnsigned = isUnsigned(op.getResult().getType());
    if (isFloat8(input.getType()) || isFloat8(target))
      rewriter.replaceOp(op, convertFloat8Elements(rewriter, op.getLoc(), input,
                                                   target, fromUnsigned,
                                                   toUnsigned));
    else if (getElementTypeOrSelf(input.getType()).isInteger(8) &&
             !fromUnsigned && target.getElementType().isF32())
      rewriter.replaceOp(op, convertBytesToFloat(rewriter, op.getLoc(), input));
    else
      rewriter.replaceOp(op, convertElements(rewriter, op.getLoc(), input,
                                             target, fromUnsigned, toUnsigned));
    return success();
  }
};

struct BitcastLowering : OpConversionPattern<BitcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(
        op, getTypeConverter()->convertType(op.getResult().getType()),
        adaptor.getInput());
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
          op, "not a splat constant (DenseConstantLowering's case)");
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(type,
                                   signless(splat.getSplatValue<Attribute>())));
    return success();
  }
};

/// A constant tile of different elements. Where the layout gives every
/// thread the same elements (lanes and warps hold replicas), the thread's
/// vector is itself a constant; otherwise the tile becomes a table in
/// global memory from which each thread loads its elements.
struct DenseConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || dense.isSplat())
      return rewriter.notifyMatchFailure(op, "not a dense non-splat constant");
    LinearLayoutAttr layout = layoutOf(op.getType());
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    SmallVector<Attribute> elements;
    for (Attribute element : dense.getValues<Attribute>())
      elements.push_back(signless(element));
    bool everyThreadAlike =
        llvm::all_of(layout.getLanes(), [](int32_t bit) { return bit < 0; }) &&
        llvm::all_of(layout.getWarps(), [](int32_t bit) { return bit < 0; });
    if (everyThreadAlike) {
      SmallVector<Attribute> held;
      for (int64_t r = 0; r < layout.getElementsPerThread(); ++r)
        held.push_back(elements[registerElement(layout, r)]);
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, DenseElementsAttr::get(type, held));
      return success();
    }

    Location loc = op.getLoc();
    LLVM::GlobalOp table = createTable(op, elements, rewriter);
    if (!table)
      return rewriter.notifyMatchFailure(op, "not inside a gpu.module");
    Type element = type.getElementType();
    Type memoryType = memoryElementType(element);
    Value base = LLVM::AddressOfOp::create(rewriter, loc, table);
    Value start = ThreadPosition::current(rewriter, loc)
                      .elementOffset(rewriter, loc, layout);
    Value vector =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
    for (int64_t r = 0; r < layout.getElementsPerThread(); ++r) {
      Value index = arith::OrIOp::create(
          rewriter, loc, start,
          constantI32(rewriter, loc, registerElement(layout, r)));
      Value address = LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                          memoryType, base, ValueRange{index});
      Value value = LLVM::LoadOp::create(rewriter, loc, memoryType, address,
                                         storageBytes(element));
      value = fromMemory(rewriter, loc, value, element);
      vector = vector::InsertOp::create(rewriter, loc, value, vector, r);
    }
    rewriter.replaceOp(op, vector);
    return success();
  }

private:
  /// A constant global of the tile's elements in row-major order, in the
  /// kernel's gpu.module (booleans as bytes); null outside one.
  static LLVM::GlobalOp createTable(ConstantOp op, ArrayRef<Attribute> elements,
                                    ConversionPatternRewriter &rewriter) {
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    auto kernel = op->getParentOfType<FunctionOpInterface>();
    if (!module || !kernel)
      return {};
    Type element = scalarType(op.getType().getElementType());
    Type memoryType = memoryElementType(element);
    SmallVector<Attribute> stored(elements);
    if (memoryType != element)
      for (Attribute &value : stored)
        value = rewriter.getIntegerAttr(
            memoryType, cast<BoolAttr>(value).getValue() ? 1 : 0);
    int64_t count = stored.size();
    auto value = DenseElementsAttr::get(
        RankedTensorType::get({count}, memoryType), stored);
    std::string name;
    for (int i = 0; name.empty() || SymbolTable::lookupSymbolIn(module, name);
         ++i)
      name = (kernel.getName() + "_constant_" + Twine(i)).str();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    return LLVM::GlobalOp::create(
        rewriter, op.getLoc(), LLVM::LLVMArrayType::get(memoryType, count),
        /*isConstant=*/true, LLVM::Linkage::Internal, name, value,
        /*alignment=*/16, kGlobalAddressSpace);
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
  patterns.add<
      BinaryLowering<AddOp, arith::AddFOp, arith::AddIOp>,
      BinaryLowering<SubOp, arith::SubFOp, arith::SubIOp>,
      BinaryLowering<MulOp, arith::MulFOp, arith::MulIOp>,
      BinaryLowering<DivOp, arith::DivFOp, arith::DivSIOp, arith::DivUIOp>,
      BinaryLowering<RemOp, arith::RemFOp, arith::RemSIOp, arith::RemUIOp>,
      BinaryLowering<MaxOp, arith::MaximumFOp, arith::MaxSIOp, arith::MaxUIOp>,
      BinaryLowering<MinOp, arith::MinimumFOp, arith::MinSIOp, arith::MinUIOp>,
      BinaryLowering<AndOp, arith::AndIOp, arith::AndIOp>,
      BinaryLowering<OrOp, arith::OrIOp, arith::OrIOp>,
      BinaryLowering<XorOp, arith::XOrIOp, arith::XOrIOp>,
      ShiftLowering<ShlOp, arith::ShLIOp>, ShiftLowering<ShrOp, arith::ShRSIOp>,
      NotLowering, FloatMathLowering<ExpOp, math::ExpOp>,
      FloatMathLowering<Exp2Op, math::Exp2Op>,
      FloatMathLowering<LogOp, math::LogOp>,
      FloatMathLowering<SqrtOp, math::SqrtOp>,
      FloatMathLowering<RsqrtOp, math::RsqrtOp>,
      FloatMathLowering<TanhOp, math::TanhOp>,
      FloatMathLowering<SinOp, math::SinOp>,
      FloatMathLowering<CosOp, math::CosOp>,
      FloatMathLowering<FloorOp, math::FloorOp>,
      FloatMathLowering<CeilOp, math::CeilOp>,
      FloatMathLowering<RoundOp, math::RoundOp>, TruncLowering,
      FloatMathLowering<Log2Op, math::Log2Op>,
      FloatMathLowering<TanOp, math::TanOp>,
      FloatMathLowering<SinhOp, math::SinhOp>,
      FloatMathLowering<CoshOp, math::CoshOp>,
      FloatMathLowering<ErfOp, math::ErfOp>,
      FloatMathLowering<PowOp, math::PowFOp>,
      FloatMathLowering<Atan2Op, math::Atan2Op>, NegLowering, AbsLowering,
      FmaLowering, CmpLowering, SelectLowering, CastLowering, BitcastLowering,
      ConstantLowering, SplatLowering, IotaLowering>(converter,
                                                     patterns.getContext());
  patterns.add<DenseConstantLowering>(converter, patterns.getContext());
  // Preferred over the lone sin and cos lowerings where both are there.
  patterns.add<SinCosLowering<SinOp, CosOp>, SinCosLowering<CosOp, SinOp>>(
      converter, patterns.getContext(), /*benefit=*/2);
}
