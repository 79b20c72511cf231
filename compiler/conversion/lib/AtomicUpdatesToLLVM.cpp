//===- AtomicUpdatesToLLVM.cpp - Atomic updates of atomic outputs ---------===//
//
// A thread updates each element it holds with one relaxed atomic
// read-modify-write at device scope, when its mask holds and its indices lie
// inside the tensor. Of the threads that hold the same element (replicas),
// only the first updates, or the element would be counted once per replica.
// Updates of integer sums and bitwise ops map onto the GPU's atomics;
// float minima and maxima become compare-and-swap loops in LLVM.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The LLVM read-modify-write of `kind` on elements of type `element`.
LLVM::AtomicBinOp binaryOp(AtomicKind kind, Type element) {
  bool isFloat = isa<FloatType>(element);
  bool isUnsigned = element.isUnsignedInteger();
  switch (kind) {
  case AtomicKind::add:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case AtomicKind::min:
    if (isUnsigned)
      return LLVM::AtomicBinOp::umin;
    return isFloat ? LLVM::AtomicBinOp::fminimum : LLVM::AtomicBinOp::min;
  case AtomicKind::max:
    if (isUnsigned)
      return LLVM::AtomicBinOp::umax;
    return isFloat ? LLVM::AtomicBinOp::fmaximum : LLVM::AtomicBinOp::max;
  case AtomicKind::And:
    return LLVM::AtomicBinOp::_and;
  case AtomicKind::Or:
    return LLVM::AtomicBinOp::_or;
  case AtomicKind::Xor:
    return LLVM::AtomicBinOp::_xor;
  }
  llvm_unreachable("unknown atomic kind");
}

struct AtomicUpdateLowering : OpConversionPattern<AtomicUpdateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtomicUpdateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getValues().getType();
    auto layout = dyn_cast_or_null<LinearLayoutAttr>(tile.getEncoding());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "the values have no layout");
    TensorOperands tensor = TensorOperands::unpack(adaptor.getTarget());
    Value values = adaptor.getValues().front();
    SmallVector<Value> indices;
    for (ValueRange index : adaptor.getIndices())
      indices.push_back(index.front());
    Value mask = op.getMask() ? adaptor.getMask().front() : Value();
    LLVM::AtomicBinOp binary = binaryOp(op.getKind(), tile.getElementType());

    OpBuilder::InsertionGuard guard(rewriter);
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    if (Value writer =
            position.isFirstAmong(rewriter, loc, replicaBits(layout))) {
      auto branch = scf::IfOp::create(rewriter, loc, writer);
      rewriter.setInsertionPointToStart(branch.thenBlock());
    }
    Type i64 = rewriter.getI64Type();
    for (int64_t r = 0; r < layout.getElementsPerThread(); ++r) {
      Value offset = arith::ConstantOp::create(rewriter, loc,
                                               rewriter.getI64IntegerAttr(0));
      Value update =
          mask ? vector::ExtractOp::create(rewriter, loc, mask, r).getResult()
               : Value();
      for (auto [d, index] : llvm::enumerate(indices)) {
        Value element = vector::ExtractOp::create(rewriter, loc, index, r);
        bool unsignedIndex = getElementTypeOrSelf(op.getIndices()[d].getType())
                                 .isUnsignedInteger();
        if (element.getType() != i64 && unsignedIndex)
          element = arith::ExtUIOp::create(rewriter, loc, i64, element);
        else if (element.getType() != i64)
          element = arith::ExtSIOp::create(rewriter, loc, i64, element);
        // Unsigned, so that negative indices fall outside too.
        Value inside = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ult, element, tensor.shape[d]);
        update = update ? arith::AndIOp::create(rewriter, loc, update, inside)
                              .getResult()
                        : inside;
        offset = arith::AddIOp::create(
            rewriter, loc, offset,
            arith::MulIOp::create(rewriter, loc, element, tensor.strides[d]));
      }
      Value value = vector::ExtractOp::create(rewriter, loc, values, r);
      scf::IfOp::create(
          rewriter, loc, update, [&](OpBuilder &builder, Location loc) {
            Value address = LLVM::GEPOp::create(
                builder, loc, tensor.pointer.getType(), value.getType(),
                tensor.pointer, ValueRange{offset});
            LLVM::AtomicRMWOp::create(builder, loc, binary, address, value,
                                      LLVM::AtomicOrdering::monotonic,
                                      "device");
            scf::YieldOp::create(builder, loc);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateAtomicUpdatesToLLVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AtomicUpdateLowering>(converter, patterns.getContext());
}
