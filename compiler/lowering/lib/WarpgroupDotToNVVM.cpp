//===- WarpgroupDotToNVVM.cpp - Matrix products as wgmma on sm_90a --------===//
//
// A tile.dot marked for warpgroup products (WgmmaLayouts) writes `a` and `b`
// from its threads' registers to shared memory, swizzled in panels of up to
// 64 elements (`a` K-major, `b` K-major or N-major), makes the writes
// visible to the tensor cores (fence.proxy.async), and issues one
// wgmma.mma_async per 64-row block, column block and 16-reduction step of
// each warpgroup, reading both operands through matrix descriptors. The
// products run asynchronously: the dot waits for them before its
// accumulator is used, or, chained in a loop, only for the previous
// iteration's, and tile.dot_wait after the loop for the rest. A
// tile.staged_dot finds its operands already in shared memory stages,
// copied there K-major by tile.copy_async, and issues the same products.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/Conversion/WgmmaLayouts.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The swizzle field of a matrix descriptor for lines of `lineBytes`.
int64_t swizzleMode(int64_t lineBytes) {
  switch (lineBytes) {
  case 128:
    return 1;
  case 64:
    return 2;
  default:
    return 3; // 32 bytes
  }
}

/// The descriptor of a swizzled operand starting `offset` bytes (a runtime
/// i64) into shared memory, with lines of `lineBytes`: the start address,
/// the leading byte offset (between panels of an N-major operand; unused
/// for K-major ones, where it is 1 as in the PTX ISA's examples) and the
/// stride between groups of eight lines, in 16-byte units, and the swizzle
/// mode.
Value descriptor(OpBuilder &builder, Location loc, Value offset,
                 int64_t lineBytes, int64_t panelBytes) {
  int64_t groupStride = 8 * lineBytes;
  int64_t leading = panelBytes ? panelBytes >> 4 : 1;
  int64_t fixed = (leading << 16) | ((groupStride >> 4) << 32) |
                  (swizzleMode(lineBytes) << 62);
  Value start = arith::ShRUIOp::create(builder, loc, offset,
                                       constantI64(builder, loc, 4));
  start = arith::AndIOp::create(builder, loc, start,
                                constantI64(builder, loc, 0x3fff));
  return arith::OrIOp::create(builder, loc, start,
                              constantI64(builder, loc, fixed));
}

/// 0 or 1 (i32): the parity of the iteration of the scf.for around `op`.
Value iterationParity(OpBuilder &builder, Location loc, Operation *op) {
  auto loop = cast<scf::ForOp>(op->getParentOp());
  Value index = arith::SubIOp::create(builder, loc, loop.getInductionVar(),
                                      loop.getLowerBound());
  index = arith::DivUIOp::create(builder, loc, index, loop.getStep());
  Type i32 = builder.getI32Type();
  if (index.getType().isIndex())
    index = arith::IndexCastUIOp::create(builder, loc, i32, index);
  else if (index.getType() != i32)
    index = arith::TruncIOp::create(builder, loc, i32, index);
  return arith::AndIOp::create(builder, loc, index,
                               constantI32(builder, loc, 1));
}

/// Issues the warpgroup products of `plan` over operands already in shared
/// memory, `a` (MxK) K-major at `aBase` and `b` at `bBase` (K-major, or
/// N-major when `bNMajor`), added to this thread's accumulator registers
/// `acc`, and waits until at most `pending` groups of this warpgroup's
/// products still run. Returns the new accumulator registers.
Value issueWarpgroupProducts(OpBuilder &builder, Location loc,
                             const WgmmaLayouts &plan, Type element, int64_t m,
                             int64_t n, int64_t k, Value aBase, Value bBase,
                             bool bNMajor, Value acc,
                             const ThreadPosition &position, int64_t pending) {
  MLIRContext *context = builder.getContext();
  int64_t bytes = storageBytes(element);
  int64_t panel = plan.panelWidth();
  int64_t lineBytes = panel * bytes;
  int64_t bPanel = bNMajor ? plan.columnPanelWidth() : panel;
  int64_t bLineBytes = bPanel * bytes;

  // Where this thread's warpgroup's rows of `a` and columns of `b` start.
  Type i64 = builder.getI64Type();
  Value group = arith::ShRUIOp::create(
      builder, loc, position.warp,
      constantI32(builder, loc, llvm::Log2_64(kWarpgroupWarps)));
  Value groupRow = arith::AndIOp::create(
      builder, loc, group, constantI32(builder, loc, plan.rowGroups() - 1));
  Value groupColumn = arith::ShRUIOp::create(
      builder, loc, group,
      constantI32(builder, loc, llvm::Log2_64(plan.rowGroups())));
  auto start = [&](Value buffer, Value index, int64_t perIndex, int64_t lines,
                   int64_t panelBytes) {
    Value address = LLVM::PtrToIntOp::create(builder, loc, i64, buffer);
    Value offset = arith::MulIOp::create(
        builder, loc, arith::ExtUIOp::create(builder, loc, i64, index),
        constantI64(builder, loc, perIndex));
    return descriptor(builder, loc,
                      arith::AddIOp::create(builder, loc, address, offset),
                      lines, panelBytes);
  };
  // A panel of N-major `b` spans all k reductions of its columns.
  int64_t bPanelBytes = bNMajor ? k * bLineBytes : 0;
  Value aDescriptor =
      start(aBase, groupRow, plan.rowsPerGroup() * lineBytes, lineBytes, 0);
  Value bDescriptor =
      start(bBase, groupColumn,
            bNMajor ? plan.columnsPerGroup() / bPanel * bPanelBytes
                    : plan.columnsPerGroup() * lineBytes,
            bLineBytes, bPanelBytes);
  // Offsets within the operands, in the descriptor's 16-byte units. K-major:
  // a panel spans all rows (columns), a step moves 32 bytes along a line.
  // N-major: a column block starts at its panel, a step moves 16 lines.
  int64_t stepsPerPanel = panel / kWgmmaK;
  auto kMajorOffset = [&](int64_t rows, int64_t first, int64_t step) {
    return (step / stepsPerPanel) * rows * lineBytes + first * lineBytes +
           (step % stepsPerPanel) * kWgmmaK * bytes;
  };
  auto moved = [&](Value descriptor, int64_t offset) {
    if (offset == 0)
      return descriptor;
    return Value(arith::AddIOp::create(builder, loc, descriptor,
                                       constantI64(builder, loc, offset >> 4)));
  };
  auto bOffset = [&](int64_t first, int64_t step) {
    if (!bNMajor)
      return kMajorOffset(n, first, step);
    return first / bPanel * bPanelBytes + step * kWgmmaK * bLineBytes;
  };

  int64_t registers = plan.instructionN() / 2;
  Type f32 = builder.getF32Type();
  auto fragmentType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(registers, f32));
  NVVM::WGMMATypes multiplicand =
      element.isF16() ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::bf16;
  auto shape =
      NVVM::MMAShapeAttr::get(context, kWgmmaM, plan.instructionN(), kWgmmaK);
  Value result = acc;
  NVVM::WgmmaFenceAlignedOp::create(builder, loc);
  SmallVector<std::pair<int64_t, Value>> fragments;
  for (int64_t row = 0; row < plan.rowBlocks(); ++row)
    for (int64_t column = 0; column < plan.columnBlocks(); ++column) {
      int64_t first = plan.accRegister(row, column);
      Value fragment = LLVM::UndefOp::create(builder, loc, fragmentType);
      for (int64_t reg = 0; reg < registers; ++reg)
        fragment = LLVM::InsertValueOp::create(
            builder, loc, fragment,
            vector::ExtractOp::create(builder, loc, result, first + reg), reg);
      for (int64_t step = 0; step < plan.reductionSteps(); ++step)
        fragment = NVVM::WgmmaMmaAsyncOp::create(
            builder, loc, fragmentType, fragment,
            moved(aDescriptor, kMajorOffset(m, row * kWgmmaM, step)),
            moved(bDescriptor, bOffset(column * plan.instructionN(), step)),
            shape, multiplicand, multiplicand, NVVM::WGMMATypes::f32,
            NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
            NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row,
            bNMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col,
            /*satfinite=*/nullptr);
      fragments.emplace_back(first, fragment);
    }
  NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(builder, loc, pending);
  for (auto [first, fragment] : fragments)
    for (int64_t reg = 0; reg < registers; ++reg)
      result = vector::InsertOp::create(
          builder, loc,
          LLVM::ExtractValueOp::create(builder, loc, fragment, reg), result,
          first + reg);
  return result;
}

/// The plan of a warpgroup product into `acc` over `k` reductions, if
/// `acc` is in its layout.
std::optional<WgmmaLayouts> planOf(TileType acc, int64_t k) {
  ArrayRef<int64_t> shape = acc.getShape();
  std::optional<WgmmaLayouts> plan = WgmmaLayouts::get(
      acc.getContext(), shape[0], shape[1], k, layoutOf(acc).getNumWarps());
  if (!plan || layoutOf(acc) != plan->acc())
    return std::nullopt;
  return plan;
}

struct WarpgroupDotLowering : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kWgmmaAttrName))
      return rewriter.notifyMatchFailure(op, "not a warpgroup product");
    auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    Location loc = op.getLoc();
    TileType a = op.getA().getType(), b = op.getB().getType();
    TileType acc = op.getAcc().getType();
    int64_t m = acc.getShape()[0], n = acc.getShape()[1], k = a.getShape()[1];
    std::optional<WgmmaLayouts> plan = planOf(acc, k);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "accumulator not in wgmma layout");

    // The operands, swizzled, `a` first. `a` goes K-major; `b` N-major
    // where its threads hold runs along its rows (then their writes stay
    // 16 bytes wide), else K-major.
    Type element = a.getElementType();
    int64_t bytes = storageBytes(element);
    int64_t lineBytes = plan->panelWidth() * bytes;
    ArrayRef<int32_t> bRegisters = layoutOf(b).getRegisters();
    bool bNMajor = !bRegisters.empty() && bRegisters.front() == 0 &&
                   plan->instructionN() % plan->columnPanelWidth() == 0;
    int64_t bLineBytes =
        (bNMajor ? plan->columnPanelWidth() : plan->panelWidth()) * bytes;
    Value base = converter.sharedMemory(rewriter, loc);
    bool chained = op->hasAttr(kWgmmaChainedAttrName);
    if (chained)
      base = LLVM::GEPOp::create(
          rewriter, loc, base.getType(), rewriter.getI8Type(), base,
          ValueRange{arith::MulIOp::create(
              rewriter, loc, iterationParity(rewriter, loc, op),
              constantI32(rewriter, loc, wgmmaSharedStride(m, n, k, bytes)))});
    int64_t bStart = wgmmaSharedOffsetOfB(m, k, bytes);
    Value bBase =
        LLVM::GEPOp::create(rewriter, loc, base.getType(), rewriter.getI8Type(),
                            base, ArrayRef<LLVM::GEPArg>{int32_t(bStart)});
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    writeTileToShared(
        rewriter, loc, base, position,
        mappedLayout(layoutOf(a),
                     [&](int32_t bit) { return plan->aSharedBit(bit); }),
        SharedSwizzle::forLines(lineBytes, bytes), adaptor.getA(), element);
    writeTileToShared(rewriter, loc, bBase, position,
                      mappedLayout(layoutOf(b),
                                   [&](int32_t bit) {
                                     return bNMajor
                                                ? plan->bSharedBitNMajor(bit)
                                                : plan->bSharedBit(bit);
                                   }),
                      SharedSwizzle::forLines(bLineBytes, bytes),
                      adaptor.getB(), element);
    fenceSharedForTensorCores(rewriter, loc);
    gpu::BarrierOp::create(rewriter, loc);
    // A chained dot leaves its products running: the next iteration writes
    // the other operands, and its products continue these. Waiting for all
    // but the latest group frees the other operands; the tile.dot_wait
    // after the loop waits for the rest.
    Value result = issueWarpgroupProducts(
        rewriter, loc, *plan, element, m, n, k, base, bBase, bNMajor,
        adaptor.getAcc(), position, chained ? 1 : 0);
    // The buffer is free again only once every warpgroup's products have
    // read it.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The operands are already in their stages (K-major, as the copies wrote
/// them); the products of the previous iteration are waited for. The
/// pipeline tells the copies that follow that those products are done with
/// their stage: the next iteration's tile.copy_wait (a barrier), or a
/// tile.barrier_arrive at the stage's `empty` barrier.
struct StagedDotLowering : OpConversionPattern<StagedDotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StagedDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StagesType a = op.getA().getType(), b = op.getB().getType();
    TileType acc = op.getAcc().getType();
    int64_t m = acc.getShape()[0], n = acc.getShape()[1];
    int64_t k = a.getTileShape()[1];
    std::optional<WgmmaLayouts> plan = planOf(acc, k);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "accumulator not in wgmma layout");
    Value result = issueWarpgroupProducts(
        rewriter, loc, *plan, a.getElementType(), m, n, k,
        stageAddress(rewriter, loc, adaptor.getA(), adaptor.getStage(), a),
        stageAddress(rewriter, loc, adaptor.getB(), adaptor.getStage(), b),
        /*bNMajor=*/false, adaptor.getAcc(),
        ThreadPosition::current(rewriter, loc), /*pending=*/1);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// wgmma.wait_group 0, through inline PTX that takes the tile's registers
/// and gives them back: reads of the result cannot be scheduled before the
/// wait (ptxas would otherwise serialize the products it guards). Then a
/// barrier: each warpgroup waits only for its own products, and the next
/// user of the shared buffer must not write it while another warpgroup's
/// last products still read their operands there.
struct DotWaitLowering : OpConversionPattern<DotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<VectorType>(input.getType());
    if (!type.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "not an f32 accumulator");
    int64_t count = type.getNumElements();
    SmallVector<Value> registers;
    std::string outputs, inputs;
    for (int64_t i = 0; i < count; ++i) {
      registers.push_back(vector::ExtractOp::create(rewriter, loc, input, i));
      outputs += (i ? ",=f" : "=f");
      inputs += "," + std::to_string(i);
    }
    auto structType = LLVM::LLVMStructType::getLiteral(
        op.getContext(), SmallVector<Type>(count, type.getElementType()));
    auto wait = LLVM::InlineAsmOp::create(
        rewriter, loc, structType, registers,
        "wgmma.wait_group.sync.aligned 0;", outputs + inputs,
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
    Value result = input;
    for (int64_t i = 0; i < count; ++i)
      result = vector::InsertOp::create(
          rewriter, loc,
          LLVM::ExtractValueOp::create(rewriter, loc, wait.getResult(0), i),
          result, i);
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::tile::populateWarpgroupDotToNVVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  // Tried before the mma.sync lowering, which takes every other dot.
  patterns.add<WarpgroupDotLowering>(converter, patterns.getContext(),
                                     /*benefit=*/2);
  patterns.add<DotWaitLowering, StagedDotLowering>(converter,
                                                   patterns.getContext());
}
