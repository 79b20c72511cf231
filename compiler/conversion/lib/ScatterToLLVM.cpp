//===- ScatterToLLVM.cpp - Stores where index tiles say, inside the piece -===//
//
// Element i of the values goes to piece element (index0[i], ...) when its
// mask holds and the element lies inside the piece and the tensor: the
// check the compiler inserts for stores whose indices come from data.
// Several elements may name one piece element; the last in row-major order
// wins, as in host mode. The program settles that in shared memory before
// it stores: each piece element gets a claim, the largest flat index of the
// tile's elements that name it (an atomic max), and only the element that
// holds the claim stores. Barriers separate clearing, claiming and storing,
// and end the scatter, so that the piece's other loads and stores see it.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Where one of this thread's elements goes.
struct Destination {
  /// Whether it is stored at all: this thread writes the element (the first
  /// of its replicas), its mask holds, and it lies inside the piece and the
  /// tensor.
  Value stores;
  /// Its flat index in the piece (i32), which indexes the claims.
  Value pieceOffset;
  /// Its offset in elements from the tensor's start (i64).
  Value tensorOffset;
};

struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getValues().getType();
    auto layout = dyn_cast_or_null<LinearLayoutAttr>(tile.getEncoding());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "the values have no layout");
    const auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    ArrayRef<int64_t> pieceShape = op.getPiece().getType().getShape();
    TensorOperands tensor = TensorOperands::unpack(adaptor.getPiece());
    SmallVector<Value> indices;
    for (ValueRange index : adaptor.getIndices())
      indices.push_back(index.front());
    // Unsigned index tiles (ui8 ... ui64) widen by zero extension.
    SmallVector<bool> unsignedIndices;
    for (Value index : op.getIndices())
      unsignedIndices.push_back(
          getElementTypeOrSelf(index.getType()).isUnsignedInteger());
    Value mask = op.getMask() ? adaptor.getMask().front() : Value();
    Value values = toMemory(rewriter, loc, adaptor.getValues().front());

    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value writer = position.isFirstAmong(rewriter, loc, replicaBits(layout));
    // The tensor element at which this program's piece starts.
    SmallVector<Value> origin = pieceIndex(rewriter, loc, pieceShape.size());
    for (auto [d, size] : llvm::enumerate(pieceShape))
      origin[d] = arith::MulIOp::create(rewriter, loc, origin[d],
                                        constantI64(rewriter, loc, size));
    int64_t registers = layout.getElementsPerThread();
    SmallVector<Destination> destinations;
    for (int64_t r = 0; r < registers; ++r)
      destinations.push_back(destination(rewriter, loc, r, indices,
                                         unsignedIndices, mask, writer, origin,
                                         pieceShape, tensor));
    SmallVector<Value> flatIndices =
        position.registerElements(rewriter, loc, layout);

    Value claims = converter.sharedMemory(rewriter, loc);
    Type i32 = rewriter.getI32Type();
    auto claimAddress = [&](Value pieceOffset) {
      return LLVM::GEPOp::create(rewriter, loc, claims.getType(), i32, claims,
                                 ValueRange{pieceOffset});
    };
    clearClaims(rewriter, loc, claims, position.thread,
                kWarpSize * layout.getNumWarps(),
                op.getPiece().getType().getTileType().getNumElements());
    gpu::BarrierOp::create(rewriter, loc);
    for (auto [destination, flat] : llvm::zip(destinations, flatIndices))
      scf::IfOp::create(rewriter, loc, destination.stores,
                        [&](OpBuilder &builder, Location loc) {
                          LLVM::AtomicRMWOp::create(
                              builder, loc, LLVM::AtomicBinOp::max,
                              claimAddress(destination.pieceOffset), flat,
                              LLVM::AtomicOrdering::monotonic);
                          scf::YieldOp::create(builder, loc);
                        });
    gpu::BarrierOp::create(rewriter, loc);
    Type memoryType = memoryElementType(tile.getElementType());
    for (auto [r, destination] : llvm::enumerate(destinations)) {
      Value value = vector::ExtractOp::create(rewriter, loc, values, r);
      Value flat = flatIndices[r];
      scf::IfOp::create(
          rewriter, loc, destination.stores,
          [&](OpBuilder &builder, Location loc) {
            Value claim = LLVM::LoadOp::create(
                builder, loc, i32, claimAddress(destination.pieceOffset));
            Value wins = arith::CmpIOp::create(
                builder, loc, arith::CmpIPredicate::eq, claim, flat);
            scf::IfOp::create(
                builder, loc, wins, [&](OpBuilder &builder, Location loc) {
                  Value address = LLVM::GEPOp::create(
                      builder, loc, tensor.pointer.getType(), memoryType,
                      tensor.pointer, ValueRange{destination.tensorOffset});
                  LLVM::StoreOp::create(builder, loc, value, address);
                  scf::YieldOp::create(builder, loc);
                });
            scf::YieldOp::create(builder, loc);
          });
    }
    // The claims are free again, and the stores visible to the program's
    // other threads, once every thread is past them.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  /// Where register `r`'s element goes, and whether it is stored.
  static Destination destination(OpBuilder &builder, Location loc, int64_t r,
                                 ArrayRef<Value> indices,
                                 ArrayRef<bool> unsignedIndices, Value mask,
                                 Value writer, ArrayRef<Value> origin,
                                 ArrayRef<int64_t> pieceShape,
                                 const TensorOperands &tensor) {
    Type i64 = builder.getI64Type();
    Value stores =
        mask ? vector::ExtractOp::create(builder, loc, mask, r).getResult()
             : Value();
    if (writer)
      stores =
          stores
              ? arith::AndIOp::create(builder, loc, stores, writer).getResult()
              : writer;
    Value pieceOffset = constantI64(builder, loc, 0);
    Value tensorOffset = constantI64(builder, loc, 0);
    for (auto [d, index] : llvm::enumerate(indices)) {
      Value element = vector::ExtractOp::create(builder, loc, index, r);
      if (element.getType() != i64 && unsignedIndices[d])
        element = arith::ExtUIOp::create(builder, loc, i64, element);
      else if (element.getType() != i64)
        element = arith::ExtSIOp::create(builder, loc, i64, element);
      Value global = arith::AddIOp::create(builder, loc, origin[d], element);
      // Unsigned, so that negative indices fall outside too. (Ops made in
      // statements of their own, so that the IR's order does not depend on
      // the order the C++ compiler evaluates arguments in.)
      Value inTensor = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, global, tensor.shape[d]);
      Value inPiece = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, element,
          constantI64(builder, loc, pieceShape[d]));
      Value inside = arith::AndIOp::create(builder, loc, inPiece, inTensor);
      stores =
          stores
              ? arith::AndIOp::create(builder, loc, stores, inside).getResult()
              : inside;
      pieceOffset = arith::AddIOp::create(
          builder, loc,
          arith::MulIOp::create(builder, loc, pieceOffset,
                                constantI64(builder, loc, pieceShape[d])),
          element);
      tensorOffset = arith::AddIOp::create(
          builder, loc, tensorOffset,
          arith::MulIOp::create(builder, loc, global, tensor.strides[d]));
    }
    // Inside the piece, the offset is below 2^14 (ScatterOp's limit).
    pieceOffset = arith::TruncIOp::create(builder, loc, builder.getI32Type(),
                                          pieceOffset);
    return {stores, pieceOffset, tensorOffset};
  }

  /// Every thread sets its share of the piece's claims to -1, below every
  /// element's flat index.
  static void clearClaims(OpBuilder &builder, Location loc, Value claims,
                          Value thread, int64_t threads, int64_t elements) {
    Type i32 = builder.getI32Type();
    Value none = constantI32(builder, loc, -1);
    Value end = constantI32(builder, loc, elements);
    scf::ForOp::create(
        builder, loc, thread, end, constantI32(builder, loc, threads),
        ValueRange{},
        [&](OpBuilder &builder, Location loc, Value at, ValueRange) {
          Value address = LLVM::GEPOp::create(builder, loc, claims.getType(),
                                              i32, claims, ValueRange{at});
          LLVM::StoreOp::create(builder, loc, none, address);
          scf::YieldOp::create(builder, loc);
        });
  }
};

} // namespace

void mlir::tile::populateScatterToLLVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ScatterLowering>(converter, patterns.getContext());
}
