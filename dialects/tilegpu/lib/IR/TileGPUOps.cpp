//===- TileGPUOps.cpp - Operations of the tilegpu dialect -----------------===//
//
// Verifiers say what was expected and what was found.
//
//===----------------------------------------------------------------------===//

#include "tilegpu/IR/TileGPUOps.h"

#include "tile/IR/ThreadLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

LogicalResult SharedAllocOp::verify() {
  if (getOffset() % 1024 != 0)
    return emitOpError("expects an offset that is a multiple of 1024 (the "
                       "widest swizzle's span), found ")
           << getOffset();
  return success();
}

LogicalResult BarrierAllocOp::verify() {
  if (getOffset() % 8 != 0)
    return emitOpError("expects an offset that is a multiple of 8, found ")
           << getOffset();
  return success();
}

LogicalResult CopyTensorOp::verify() {
  StagesType stages = getStages().getType();
  ArrayRef<int64_t> shape = stages.getTileShape();
  int64_t rank = getIndices().size();
  if (rank < 2 || rank > kMaxTensorMapRank)
    return emitOpError("expects one tile index per dimension of the view, 2 "
                       "to ")
           << kMaxTensorMapRank << " of them, found " << rank;
  if (getRowDimension() < 0 || getRowDimension() > rank - 2)
    return emitOpError("expects the rows along a view dimension before the "
                       "last, found dimension ")
           << getRowDimension() << " of " << rank;
  if (shape[0] > kMaxTensorMapBox)
    return emitOpError("expects stages of at most ")
           << kMaxTensorMapBox << " rows (the copy engine's box), found "
           << shape[0];
  if (stages.getLineBytes() < 32)
    return emitOpError("expects stage rows of at least 32 bytes (the "
                       "narrowest swizzle), found ")
           << stages.getLineBytes();
  return success();
}

LogicalResult CopyAsyncOp::verify() {
  ViewType view = getView().getType();
  StagesType stages = getStages().getType();
  if (view.getRank() != 2)
    return emitOpError("expects a matrix view (rank 2), found rank ")
           << view.getRank();
  if (getIndices().size() != view.getRank())
    return emitOpError("expects one tile index per view dimension (")
           << view.getRank() << "), found " << getIndices().size();
  if (view.getElementType() != stages.getElementType())
    return emitOpError("expects stages of the view's element type ")
           << view.getElementType() << ", found " << stages.getElementType();
  if (LinearLayoutAttr layout = getLayoutAttr()) {
    int64_t bits = 0;
    for (int64_t size : stages.getTileShape())
      bits += llvm::Log2_64(size);
    if (layout.getNumElementBits() != bits)
      return emitOpError("expects a layout of a ")
             << formatShape(stages.getTileShape()) << " tile (" << bits
             << " element bits), found " << layout.getNumElementBits()
             << " element bits";
  }
  return success();
}

/// Checks a staged product of an `a` of `aShape` (MxK) by the stages `b`
/// (NxK tiles, or KxN where `bNMajor`; 8-bit operands only NxK) into `acc`
/// (i32 for 8-bit integer operands, else f32).
static LogicalResult verifyStagedProduct(Operation *op,
                                         ArrayRef<int64_t> aShape, StagesType b,
                                         bool bNMajor, TileType acc) {
  Type element = b.getElementType();
  if (bNMajor && storageBytes(element) == 1)
    return op->emitOpError("expects 8-bit stages K-major (NxK), found ") << b;
  ArrayRef<int64_t> tile = b.getTileShape();
  int64_t k = bNMajor ? tile[0] : tile[1];
  int64_t n = bNMajor ? tile[1] : tile[0];
  if (aShape[1] != k)
    return op->emitOpError("reductions differ: a is ")
           << formatShape(aShape) << ", b (" << (bNMajor ? "KxN" : "NxK")
           << ") is " << formatShape(tile);
  Builder builder(op->getContext());
  Type accElement = isa<IntegerType>(element) ? Type(builder.getI32Type())
                                              : Type(builder.getF32Type());
  if (acc.getRank() != 2 || acc.getShape()[0] != aShape[0] ||
      acc.getShape()[1] != n || acc.getElementType() != accElement)
    return op->emitOpError("expects an ")
           << (accElement.isF32() ? "f32" : "i32") << " accumulator of shape "
           << aShape[0] << "x" << n << ", found " << acc;
  return success();
}

LogicalResult StagedDotOp::verify() {
  StagesType a = getA().getType(), b = getB().getType();
  if (a.getElementType() != b.getElementType())
    return emitOpError("operands have different element types ")
           << a.getElementType() << " and " << b.getElementType();
  if (a.getNumStages() != b.getNumStages())
    return emitOpError("operands have different stage counts ")
           << a.getNumStages() << " and " << b.getNumStages();
  return verifyStagedProduct(*this, a.getTileShape(), b, getBNMajor(),
                             getAcc().getType());
}

LogicalResult RegisterStagedDotOp::verify() {
  TileType a = getA().getType();
  StagesType b = getB().getType();
  if (a.getRank() != 2 || a.getElementType() != b.getElementType())
    return emitOpError("expects a matrix `a` of the stages' element type ")
           << b.getElementType() << ", found " << a;
  return verifyStagedProduct(*this, a.getShape(), b, getBNMajor(),
                             getAcc().getType());
}

#define GET_OP_CLASSES
#include "tilegpu/IR/TileGPUOps.cpp.inc"
