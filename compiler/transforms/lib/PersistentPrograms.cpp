//===- PersistentPrograms.cpp - Programs that walk the pieces -------------===//
//
// A kernel with TILE_PERSISTENT is launched with fewer programs than pieces
// (a few per multiprocessor) and takes the piece grid (gx, gy, gz) as three
// u32 parameters after its own. Each program runs the kernel's body once per
// piece it is given:
//
//   entry:   total = gx * gy * gz; br header(block_id.x)
//   header(v): v < total ? body : exit
//   body:    x = v % gx, y = (v / gx) % gy, z = v / (gx * gy)
//            ... the kernel, with block_id = (x, y, z), grid_dim = (gx, gy, gz)
//            barrier; br header(v + grid_dim.x)
//   exit:    return
//
// Every piece is run by exactly one program (v walks the launch positions
// i, i + n, ... of program i of n), and each run sees the program id, the
// grid and so the pieces of that position, as a program of the full grid
// would: the ownership analysis's proof holds run by run. The barrier at the
// end of a run keeps the next run's first use of shared memory after the
// last use of this one's.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPERSISTENTPROGRAMS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The piece grid's extent `arg` (a u32 parameter) as an index.
Value extent(OpBuilder &b, Location loc, Value arg) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), arg);
}

/// Makes `func` run its body once per piece its program is given.
void walkPieces(gpu::GPUFuncOp func) {
  Location loc = func.getLoc();
  SmallVector<gpu::BlockIdOp> ids;
  SmallVector<gpu::GridDimOp> dims;
  SmallVector<gpu::ReturnOp> returns;
  func.walk([&](Operation *op) {
    if (auto id = dyn_cast<gpu::BlockIdOp>(op))
      ids.push_back(id);
    else if (auto dim = dyn_cast<gpu::GridDimOp>(op))
      dims.push_back(dim);
    else if (auto ret = dyn_cast<gpu::ReturnOp>(op))
      returns.push_back(ret);
  });

  // The piece grid comes after the kernel's parameters, before its tensor
  // maps.
  unsigned maps = 0;
  if (auto attr = func->getAttrOfType<ArrayAttr>(kTensorMapsAttrName))
    maps = attr.size();
  unsigned first = func.getNumArguments() - maps;
  Type i32 = IntegerType::get(func.getContext(), 32);
  for (unsigned d = 0; d < 3; ++d)
    (void)func.insertArgument(first + d, i32, DictionaryAttr(), loc);

  Region &region = func.getBody();
  Block *entry = &region.front();
  Block *body = entry->splitBlock(entry->begin());
  OpBuilder b(func.getContext());
  Type index = b.getIndexType();
  Block *header =
      b.createBlock(&region, Region::iterator(body), {index}, {loc});
  Block *exit = b.createBlock(&region, region.end());
  gpu::ReturnOp::create(b, loc);

  b.setInsertionPointToEnd(entry);
  Value grid[3];
  for (unsigned d = 0; d < 3; ++d)
    grid[d] = extent(b, loc, entry->getArgument(first + d));
  Value plane = arith::MulIOp::create(b, loc, grid[0], grid[1]);
  Value total = arith::MulIOp::create(b, loc, plane, grid[2]);
  Value start = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value step = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  cf::BranchOp::create(b, loc, header, ValueRange{start});

  b.setInsertionPointToEnd(header);
  Value launch = header->getArgument(0);
  Value more =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, launch, total);
  cf::CondBranchOp::create(b, loc, more, body, ValueRange{}, exit,
                           ValueRange{});

  b.setInsertionPointToStart(body);
  Value position[3];
  position[0] = arith::RemUIOp::create(b, loc, launch, grid[0]);
  Value rest = arith::DivUIOp::create(b, loc, launch, grid[0]);
  position[1] = arith::RemUIOp::create(b, loc, rest, grid[1]);
  position[2] = arith::DivUIOp::create(b, loc, rest, grid[1]);
  for (gpu::BlockIdOp op : ids) {
    op.replaceAllUsesWith(position[unsigned(op.getDimension())]);
    op.erase();
  }
  for (gpu::GridDimOp op : dims) {
    op.replaceAllUsesWith(grid[unsigned(op.getDimension())]);
    op.erase();
  }
  for (gpu::ReturnOp op : returns) {
    b.setInsertionPoint(op);
    gpu::BarrierOp::create(b, loc);
    Value next = arith::AddIOp::create(b, loc, launch, step);
    cf::BranchOp::create(b, loc, header, ValueRange{next});
    op.erase();
  }
}

struct TilePersistentProgramsPass
    : tile::impl::TilePersistentProgramsBase<TilePersistentProgramsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      if (func.isKernel() && !func.getBody().empty() &&
          func->hasAttr(kPersistentAttrName))
        walkPieces(func);
    });
  }
};

} // namespace
