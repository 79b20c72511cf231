//===- WarpgroupDotToNVVM.cpp - Matrix products as wgmma on sm_90a --------===//
//
// A tile.dot marked for warpgroup products (WgmmaLayouts) writes `a` and `b`
// from its threads' registers to shared memory, swizzled in panels of up to
// 128 bytes (`a` K-major, `b` K-major or, for 16-bit operands, N-major),
// makes the writes visible to the tensor cores (fence.proxy.async), and
// issues one wgmma.mma_async per 64-row block, column block and reduction
// step (16 16-bit or 32 8-bit reductions) of each warpgroup, reading both
// operands through matrix descriptors; 8-bit integers sum into s32. The
// products run asynchronously: the dot waits for them before its
// accumulator is used, or, chained in a loop, only for the previous
// iteration's, and tilegpu.dot_wait after the loop for the rest. A
// tilegpu.staged_dot finds its operands already in shared memory stages,
// copied there K-major by tilegpu.copy_async, and issues the same products.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

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

/// The constraints of inline PTX whose first `count` operands are
/// accumulator registers (f32, or i32 where `integer`) it reads and writes
/// back: as many outputs, then the inputs tied to them.
std::string tiedAccumulatorConstraints(size_t count, bool integer) {
  std::string output = integer ? "=r" : "=f";
  std::string outputs, inputs;
  for (size_t i = 0; i < count; ++i) {
    outputs += (i ? "," : "") + output;
    inputs += "," + std::to_string(i);
  }
  return outputs + inputs;
}

/// The wgmma type of operands of `element`: f16, bf16, the 8-bit floats
/// and 8-bit integers (unsigned where the tile's type says so).
NVVM::WGMMATypes multiplicandType(Type element) {
  if (element.isF16())
    return NVVM::WGMMATypes::f16;
  if (element.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (isa<Float8E4M3FNType>(element))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(element))
    return NVVM::WGMMATypes::e5m2;
  return element.isUnsignedInteger() ? NVVM::WGMMATypes::u8
                                     : NVVM::WGMMATypes::s8;
}

/// wgmma.wait_group 0, through inline PTX that takes the accumulator
/// registers `acc` (a vector of f32 or i32) and gives them back: reads of the
/// result cannot be scheduled before the wait, as they could past the
/// intrinsic, which LLVM does not know writes them.
Value waitForAllProducts(OpBuilder &builder, Location loc, Value acc) {
  auto type = cast<VectorType>(acc.getType());
  int64_t count = type.getNumElements();
  SmallVector<Value> registers;
  for (int64_t i = 0; i < count; ++i)
    registers.push_back(vector::ExtractOp::create(builder, loc, acc, i));
  auto structType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), SmallVector<Type>(count, type.getElementType()));
  auto wait = LLVM::InlineAsmOp::create(
      builder, loc, structType, registers, "wgmma.wait_group.sync.aligned 0;",
      tiedAccumulatorConstraints(count, type.getElementType().isInteger()),
      /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  Value result = acc;
  for (int64_t i = 0; i < count; ++i)
    result = vector::InsertOp::create(
        builder, loc,
        LLVM::ExtractValueOp::create(builder, loc, wait.getResult(0), i),
        result, i);
  return result;
}

/// One wgmma.mma_async.m64nNk16 with `a` from registers: the accumulator
/// `fragment` (a struct of f32) plus the A fragment `a` (four i32 of two
/// elements each) times `b` through its descriptor, as inline PTX (the NVVM
/// op reads `a` from shared memory only).
Value registerAProduct(OpBuilder &builder, Location loc, Value fragment,
                       ArrayRef<Value> a, Value bDescriptor, int64_t n,
                       Type element, bool bNMajor) {
  auto type = cast<LLVM::LLVMStructType>(fragment.getType());
  size_t count = type.getBody().size();
  SmallVector<Value> operands;
  std::string accRegisters;
  for (size_t i = 0; i < count; ++i) {
    operands.push_back(LLVM::ExtractValueOp::create(builder, loc, fragment, i));
    accRegisters += (i ? ", $" : "$") + std::to_string(i);
  }
  llvm::append_range(operands, a);
  operands.push_back(bDescriptor);
  // Operands are numbered outputs first, then inputs: the accumulator's
  // tied copies, `a`, the descriptor.
  std::string aRegisters;
  for (size_t i = 0; i < a.size(); ++i)
    aRegisters += (i ? ", $" : "$") + std::to_string(2 * count + i);
  std::string multiplicand = element.isF16() ? "f16" : "bf16";
  std::string ptx = "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                    "wgmma.mma_async.sync.aligned.m64n" +
                    std::to_string(n) + "k16.f32." + multiplicand + "." +
                    multiplicand + " {" + accRegisters + "}, {" + aRegisters +
                    "}, $" + std::to_string(2 * count + a.size()) +
                    ", p, 1, 1, " + (bNMajor ? "1" : "0") + ";\n}";
  auto product = LLVM::InlineAsmOp::create(
      builder, loc, type, operands, ptx,
      tiedAccumulatorConstraints(count, /*integer=*/false) + ",r,r,r,r,l",
      /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  return product.getResult(0);
}

/// The A fragment of row block `row` and reduction step `step` from this
/// thread's registers of `a` (the layout of `fragments`): four i32 of two
/// elements each.
SmallVector<Value> aFragment(OpBuilder &builder, Location loc, Value a,
                             const WgmmaLayouts &fragments, int64_t row,
                             int64_t step) {
  Type element = cast<VectorType>(a.getType()).getElementType();
  auto pairType = VectorType::get({2}, element);
  int64_t first = fragments.fragmentRegister(row, step);
  SmallVector<Value> registers;
  for (int64_t pair = 0; pair < 4; ++pair) {
    Value packed = vector::FromElementsOp::create(
        builder, loc, pairType,
        ValueRange{
            vector::ExtractOp::create(builder, loc, a, first + 2 * pair),
            vector::ExtractOp::create(builder, loc, a, first + 2 * pair + 1)});
    registers.push_back(
        LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), packed));
  }
  return registers;
}

/// Issues the warpgroup products of `plan`, `a` (MxK) from shared memory,
/// K-major at `aBase`, or from this thread's registers `aRegisters` (in the
/// layout of plan.aFragments()), times `b` in shared memory at `bBase`
/// (K-major, or N-major when `bNMajor`), added to this thread's
/// accumulator registers `acc`, and waits until at most `pending` groups of
/// this warpgroup's products still run (for none, with `throughRegisters`,
/// by waitForAllProducts). Returns the new accumulator registers.
Value issueWarpgroupProducts(OpBuilder &builder, Location loc,
                             const WgmmaLayouts &plan, Type element, int64_t m,
                             int64_t n, int64_t k, Value aBase,
                             Value aRegisters, Value bBase, bool bNMajor,
                             Value acc, const ThreadPosition &position,
                             int64_t pending, bool throughRegisters = false) {
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
  Value aDescriptor;
  if (!aRegisters)
    aDescriptor =
        start(aBase, groupRow, plan.rowsPerGroup() * lineBytes, lineBytes, 0);
  Value bDescriptor =
      start(bBase, groupColumn,
            bNMajor ? plan.columnsPerGroup() / bPanel * bPanelBytes
                    : plan.columnsPerGroup() * lineBytes,
            bLineBytes, bPanelBytes);
  // Offsets within the operands, in the descriptor's 16-byte units. K-major:
  // a panel spans all rows (columns), a step moves 32 bytes along a line.
  // N-major: a column block starts at its panel, a step moves 16 lines.
  int64_t stepsPerPanel = panel / plan.stepK();
  auto kMajorOffset = [&](int64_t rows, int64_t first, int64_t step) {
    return (step / stepsPerPanel) * rows * lineBytes + first * lineBytes +
           (step % stepsPerPanel) * kWgmmaStepBytes;
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
    return first / bPanel * bPanelBytes + step * plan.stepK() * bLineBytes;
  };

  int64_t registers = plan.instructionN() / 2;
  Type accElement = cast<VectorType>(acc.getType()).getElementType();
  auto fragmentType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(registers, accElement));
  NVVM::WGMMATypes multiplicand = multiplicandType(element);
  NVVM::WGMMATypes accType =
      accElement.isInteger() ? NVVM::WGMMATypes::s32 : NVVM::WGMMATypes::f32;
  auto shape = NVVM::MMAShapeAttr::get(context, kWgmmaM, plan.instructionN(),
                                       plan.stepK());
  // The A fragments are packed before the fence: registers the products
  // read must not be written between it and them.
  SmallVector<SmallVector<Value>> aFragments;
  if (aRegisters) {
    WgmmaLayouts aPlan = *plan.aFragments();
    for (int64_t row = 0; row < plan.rowBlocks(); ++row)
      for (int64_t step = 0; step < plan.reductionSteps(); ++step)
        aFragments.push_back(
            aFragment(builder, loc, aRegisters, aPlan, row, step));
  }
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
      for (int64_t step = 0; step < plan.reductionSteps(); ++step) {
        Value b =
            moved(bDescriptor, bOffset(column * plan.instructionN(), step));
        if (aRegisters) {
          fragment =
              registerAProduct(builder, loc, fragment,
                               aFragments[row * plan.reductionSteps() + step],
                               b, plan.instructionN(), element, bNMajor);
          continue;
        }
        fragment = NVVM::WgmmaMmaAsyncOp::create(
            builder, loc, fragmentType, fragment,
            moved(aDescriptor, kMajorOffset(m, row * kWgmmaM, step)), b, shape,
            multiplicand, multiplicand, accType, NVVM::WGMMAScaleOut::one,
            NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
            NVVM::MMALayout::row,
            bNMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col,
            /*satfinite=*/nullptr);
      }
      fragments.emplace_back(first, fragment);
    }
  NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
  bool waitInRegisters = throughRegisters && pending == 0;
  if (!waitInRegisters)
    NVVM::WgmmaWaitGroupSyncOp::create(builder, loc, pending);
  for (auto [first, fragment] : fragments)
    for (int64_t reg = 0; reg < registers; ++reg)
      result = vector::InsertOp::create(
          builder, loc,
          LLVM::ExtractValueOp::create(builder, loc, fragment, reg), result,
          first + reg);
  return waitInRegisters ? waitForAllProducts(builder, loc, result) : result;
}

/// The plan of a warpgroup product of `element` operands into `acc` over
/// `k` reductions, if `acc` is in its layout.
std::optional<WgmmaLayouts> planOf(TileType acc, int64_t k, Type element) {
  ArrayRef<int64_t> shape = acc.getShape();
  int64_t elementBytes = storageBytes(element);
  std::optional<WgmmaLayouts> plan =
      WgmmaLayouts::get(acc.getContext(), shape[0], shape[1], k, elementBytes,
                        layoutOf(acc).getNumWarps());
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
    std::optional<WgmmaLayouts> plan = planOf(acc, k, a.getElementType());
    if (!plan)
      return rewriter.notifyMatchFailure(op, "accumulator not in wgmma layout");

    // The operands, swizzled, `a` first. `a` goes K-major; `b` N-major
    // where its threads hold runs along its rows (then their writes stay
    // 16 bytes wide), else K-major.
    Type element = a.getElementType();
    int64_t bytes = storageBytes(element);
    int64_t lineBytes = plan->panelWidth() * bytes;
    // The tensor cores read 8-bit operands K-major only.
    ArrayRef<int32_t> bRegisters = layoutOf(b).getRegisters();
    bool bNMajor = bytes == 2 && !bRegisters.empty() &&
                   bRegisters.front() == 0 &&
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
    // but the latest group frees the other operands; the tilegpu.dot_wait
    // after the loop waits for the rest.
    Value result = issueWarpgroupProducts(
        rewriter, loc, *plan, element, m, n, k, base, /*aRegisters=*/Value(),
        bBase, bNMajor, adaptor.getAcc(), position, chained ? 1 : 0);
    // The buffer is free again only once every warpgroup's products have
    // read it.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The operands are already in their stages (as the copies wrote them,
/// `b` K-major or N-major); the products of the previous iteration are
/// waited for. The pipeline tells the copies that follow that those
/// products are done with their stage: the next iteration's tilegpu.copy_wait
/// (a barrier), or a tilegpu.barrier_arrive at the stage's `empty` barrier.
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
    std::optional<WgmmaLayouts> plan = planOf(acc, k, a.getElementType());
    if (!plan)
      return rewriter.notifyMatchFailure(op, "accumulator not in wgmma layout");
    // One statement each, in the order the kernels have always been built
    // in: a call's arguments are evaluated in an order the C++ compiler
    // chooses, and the IR must not depend on it.
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value bBase =
        stageAddress(rewriter, loc, adaptor.getB(), adaptor.getStage(), b);
    Value aBase =
        stageAddress(rewriter, loc, adaptor.getA(), adaptor.getStage(), a);
    Value result = issueWarpgroupProducts(
        rewriter, loc, *plan, a.getElementType(), m, n, k, aBase,
        /*aRegisters=*/Value(), bBase, op.getBNMajor(), adaptor.getAcc(),
        position, /*pending=*/1);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `a` from the threads' registers, `b` from its stage (as the copy engine
/// wrote it, K-major or N-major); the products are waited for, so the
/// pipeline may release the stage after the op.
struct RegisterStagedDotLowering : OpConversionPattern<RegisterStagedDotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RegisterStagedDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType a = op.getA().getType(), acc = op.getAcc().getType();
    StagesType b = op.getB().getType();
    int64_t m = acc.getShape()[0], n = acc.getShape()[1], k = a.getShape()[1];
    std::optional<WgmmaLayouts> plan = planOf(acc, k, a.getElementType());
    if (!plan)
      return rewriter.notifyMatchFailure(op, "accumulator not in wgmma layout");
    std::optional<WgmmaLayouts> fragments = plan->aFragments();
    if (!fragments || layoutOf(a) != fragments->acc())
      return rewriter.notifyMatchFailure(op, "a not in A fragment layout");
    // As in StagedDotLowering: one statement each.
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value bBase =
        stageAddress(rewriter, loc, adaptor.getB(), adaptor.getStage(), b);
    Value result = issueWarpgroupProducts(
        rewriter, loc, *plan, a.getElementType(), m, n, k, /*aBase=*/Value(),
        adaptor.getA(), bBase, op.getBNMajor(), adaptor.getAcc(), position,
        /*pending=*/0, /*throughRegisters=*/true);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Waits for all products (waitForAllProducts; ptxas would otherwise
/// serialize the products that reads of the result moved before the wait
/// guard). Then a barrier: each warpgroup waits only for its own products,
/// and the next
/// user of the shared buffer must not write it while another warpgroup's
/// last products still read their operands there.
struct DotWaitLowering : OpConversionPattern<DotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type element = cast<VectorType>(input.getType()).getElementType();
    if (!element.isF32() && !element.isInteger(32))
      return rewriter.notifyMatchFailure(op, "not an f32 or i32 accumulator");
    Value result = waitForAllProducts(rewriter, loc, input);
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
  patterns.add<DotWaitLowering, StagedDotLowering, RegisterStagedDotLowering>(
      converter, patterns.getContext());
}
