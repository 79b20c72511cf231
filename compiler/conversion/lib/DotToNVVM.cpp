//===- DotToNVVM.cpp - Matrix products on the tensor cores ----------------===//
//
// The operands of a tile.dot arrive in the fragments of mma.sync.m16n8k16
// (the layouts of MmaLayouts, chosen by the layout assignment), so the
// product is one mma.sync per block of 16 rows, 8 columns and 16 reductions
// that a warp owns, on registers taken straight from the operands.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/MmaLayouts.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Registers `first`, `first + 1` of `values` as the 32-bit operand register
/// mma.sync takes: two halves, packed in an i32 for bf16.
Value operandPair(OpBuilder &builder, Location loc, Value values,
                  int64_t first) {
  Value pair = vector::ExtractStridedSliceOp::create(
      builder, loc, values, ArrayRef<int64_t>{first}, ArrayRef<int64_t>{2},
      ArrayRef<int64_t>{1});
  if (cast<VectorType>(pair.getType()).getElementType().isF16())
    return pair;
  return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), pair);
}

SmallVector<Value> operandPairs(OpBuilder &builder, Location loc, Value values,
                                int64_t first, int64_t registers) {
  SmallVector<Value> pairs;
  for (int64_t reg = first; reg < first + registers; reg += 2)
    pairs.push_back(operandPair(builder, loc, values, reg));
  return pairs;
}

struct DotLowering : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType a = op.getA().getType(), acc = op.getAcc().getType();
    int64_t numWarps = layoutOf(acc).getNumWarps();
    MmaLayouts layouts(op.getContext(), acc.getShape()[0], acc.getShape()[1],
                       a.getShape()[1], numWarps);
    if (layoutOf(a) != layouts.a() ||
        layoutOf(op.getB().getType()) != layouts.b() ||
        layoutOf(acc) != layouts.acc())
      return rewriter.notifyMatchFailure(op, "operands not in mma fragments");

    NVVM::MMATypes multiplicand =
        a.getElementType().isF16() ? NVVM::MMATypes::f16 : NVVM::MMATypes::bf16;
    Type f32 = rewriter.getF32Type();
    auto fragmentType = LLVM::LLVMStructType::getLiteral(
        op.getContext(), SmallVector<Type>(kMmaAccRegisters, f32));
    Value result = adaptor.getAcc();
    for (int64_t row = 0; row < layouts.rowBlocks(); ++row)
      for (int64_t column = 0; column < layouts.columnBlocks(); ++column) {
        int64_t accFirst = layouts.accRegister(row, column);
        SmallVector<Value> sums;
        for (int64_t reg = 0; reg < kMmaAccRegisters; ++reg)
          sums.push_back(
              vector::ExtractOp::create(rewriter, loc, result, accFirst + reg));
        for (int64_t red = 0; red < layouts.reductionBlocks(); ++red) {
          Value fragment = NVVM::MmaOp::create(
              rewriter, loc, fragmentType,
              operandPairs(rewriter, loc, adaptor.getA(),
                           layouts.aRegister(row, red), kMmaARegisters),
              operandPairs(rewriter, loc, adaptor.getB(),
                           layouts.bRegister(red, column), kMmaBRegisters),
              sums, ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
              /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
              std::array<NVVM::MMATypes, 2>{multiplicand, multiplicand},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          for (int64_t reg = 0; reg < kMmaAccRegisters; ++reg)
            sums[reg] =
                LLVM::ExtractValueOp::create(rewriter, loc, fragment, reg);
        }
        for (int64_t reg = 0; reg < kMmaAccRegisters; ++reg)
          result = vector::InsertOp::create(rewriter, loc, sums[reg], result,
                                            accFirst + reg);
      }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::tile::populateDotToNVVMPatterns(TileToGPUTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<DotLowering>(converter, patterns.getContext());
}
