//===- StagedLoop.cpp - Loops that read stages filled ahead ---------------===//

#include "StagedLoop.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

bool mlir::tile::collectIndexSlice(Value value, scf::ForOp loop,
                                   llvm::SetVector<Operation *> &slice) {
  if (value == loop.getInductionVar() ||
      !loop.getRegion().isAncestor(value.getParentRegion()))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || op->getParentOp() != loop || !isPure(op) ||
      op->getNumRegions() != 0)
    return false;
  for (Value operand : op->getOperands())
    if (!collectIndexSlice(operand, loop, slice))
      return false;
  slice.insert(op);
  return true;
}

std::optional<unsigned> mlir::tile::kernelParameter(Value view,
                                                    func::FuncOp kernel) {
  auto argument = dyn_cast<BlockArgument>(view);
  if (!argument || argument.getOwner() != &kernel.getBody().front())
    return std::nullopt;
  return argument.getArgNumber();
}

Value mlir::tile::addTensorMap(func::FuncOp kernel, unsigned view,
                               StagesType stages, int64_t rowDim) {
  MLIRContext *context = kernel.getContext();
  int64_t rank = cast<ViewType>(kernel.getArgument(view).getType()).getRank();
  SmallVector<int64_t> box(rank, 1);
  box[rowDim] = stages.getTileShape()[0];
  box[rank - 1] = kMajorPanelWidth(stages.getTileShape()[1],
                                   storageBytes(stages.getElementType()));
  auto map = TensorMapAttr::get(context, view, box, stages.getLineBytes());
  SmallVector<Attribute> maps;
  if (auto existing = kernel->getAttrOfType<ArrayAttr>(kTensorMapsAttrName))
    llvm::append_range(maps, existing);
  maps.push_back(map);
  kernel->setAttr(kTensorMapsAttrName, ArrayAttr::get(context, maps));
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(index, TensorMapType::get(context),
                              DictionaryAttr(), kernel.getLoc());
  return kernel.getArgument(index);
}

bool mlir::tile::copyEngineFits(StagesType stages) {
  return stages.getTileShape()[0] <= kMaxTensorMapBox &&
         stages.getLineBytes() >= 32;
}
