//===- AssignLayouts.cpp - A thread layout for every tile value -----------===//
//
// Walks a kernel in program order. Loads, stores and tile constructors use
// the blocked layout; every other op derives its layout from its operands.
// Where the operands of an element-wise op disagree, cheap values (computed
// from splats, constants and iotas alone) are re-created in the wanted
// layout and anything else goes through tile.convert_layout, once per
// value and layout, right after the value is computed.
//
// A loop-carried tile first takes the layout of its initial value (or of
// the dot that updates it). Where the value the loop yields back ends up in
// another layout, as the running maximum of an attention loop does when it
// follows the products' reductions, the walk starts again with the carried
// tile in that layout, until the two agree.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/StagedLoop.h"
#include "tile/IR/MmaLayouts.h"
#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tile/Transforms/Passes.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <map>

namespace mlir::tile {
#define GEN_PASS_DEF_TILEASSIGNLAYOUTS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

static LinearLayoutAttr layoutOf(Value value) {
  return tile::layoutOf(value.getType());
}

static void setLayout(Value value, LinearLayoutAttr layout) {
  value.setType(cast<TileType>(value.getType()).withEncoding(layout));
}

/// Whether `op` runs on the tensor cores: f16 or bf16 operands into an f32
/// accumulator as mma.sync.m16n8k16 or warpgroup products, 8-bit floats
/// into f32 and 8-bit integers into i32 as warpgroup products only (where
/// `warpgroupPlan`: the target has them and the dot fits). Reports why not
/// at `op` unless `quiet`.
static LogicalResult checkTensorCoreDot(DotOp op, bool warpgroupPlan,
                                        bool quiet = true) {
  TileType a = op.getA().getType(), acc = op.getAcc().getType();
  Type element = a.getElementType(), accElement = acc.getElementType();
  int64_t m = acc.getShape()[0], n = acc.getShape()[1], k = a.getShape()[1];
  bool halves = isa<Float16Type, BFloat16Type>(element) && accElement.isF32();
  bool eightBit = (isFloat8(element) && accElement.isF32()) ||
                  (element.isInteger(8) && accElement.isSignlessInteger(32));
  if (!halves && !eightBit)
    return quiet ? failure()
                 : op.emitOpError("multiplies ")
                       << element << " tiles into a " << accElement
                       << " accumulator; on the GPU, dot takes f16 or bf16 "
                          "operands and an f32 accumulator, 8-bit floats and "
                          "an f32 one, or 8-bit integers and an i32 one "
                          "(cast them)";
  if (eightBit && !warpgroupPlan)
    return quiet ? failure()
                 : op.emitOpError("multiplies 8-bit tiles, ")
                       << m << "x" << k << " by " << k << "x" << n
                       << "; on the GPU, 8-bit operands multiply only as "
                          "warpgroup products (sm_90a, a multiple of 4 "
                          "warps, at least 64 rows, 8 columns and "
                       << kWgmmaStepBytes << " reductions)";
  if (m < kMmaM || n < kMmaN || k < kMmaK)
    return quiet ? failure()
                 : op.emitOpError("multiplies ")
                       << m << "x" << k << " by " << k << "x" << n
                       << "; on the GPU, dot needs at least " << kMmaM
                       << " rows, " << kMmaN << " columns and " << kMmaK
                       << " reductions (the tensor core's block)";
  return success();
}

/// Whether the warpgroup products of `dot` (planned as `plan`) are to read
/// `a` from registers: in a loop that loads `b` in a way the copy engine
/// can stage, where `a` is not a tile the loop loads (a pipeline copies
/// those into shared memory) but one it computes, as attention's weights,
/// or one loaded before it, as attention's queries; and where the
/// warpgroups split only the rows of the result.
static bool readsAFromRegisters(DotOp dot, const WgmmaLayouts &plan) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop || !canStageRegisterDotB(dot))
    return false;
  Value a = dot.getA();
  while (auto reshape = a.getDefiningOp<ReshapeOp>())
    a = reshape.getInput();
  if (auto load = a.getDefiningOp<LoadOp>();
      load && load->getParentOp() == loop)
    return false;
  return plan.aFragments().has_value();
}

/// The longest chain of ops re-created rather than converted.
static constexpr int kMaxRecreatedDepth = 8;
/// Walks of a kernel before its loop-carried layouts must have settled.
static constexpr int kMaxLayoutRounds = 4;

/// Whether `value` is computed from splats, constants and iotas alone,
/// through reshapes, broadcasts and element-wise ops (index arithmetic,
/// masks): cheaper to re-create in another layout than to convert.
static bool isCheap(Value value, int depth = 0) {
  Operation *producer = value.getDefiningOp();
  if (!producer || depth > kMaxRecreatedDepth)
    return false;
  if (isa<SplatOp, ConstantOp, IotaOp>(producer))
    return true;
  if (!isa<ReshapeOp, BroadcastOp>(producer) &&
      !producer->hasTrait<OpTrait::Elementwise>())
    return false;
  return llvm::all_of(producer->getOperands(), [&](Value operand) {
    return !isa<TileType>(operand.getType()) || isCheap(operand, depth + 1);
  });
}

/// Whether `value` is a tile a loop carries: its layout is provisional
/// until the loop's yield is seen.
static bool isLoopCarried(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  return argument && isa<scf::ForOp>(argument.getOwner()->getParentOp());
}

/// The layout of a broadcast's input that makes broadcasting it to `shape`
/// in `layout` move nothing.
static LinearLayoutAttr broadcastInputLayout(BroadcastOp broadcast,
                                             LinearLayoutAttr layout) {
  ArrayRef<int64_t> from = broadcast.getInput().getType().getShape();
  SmallVector<int64_t> shape(broadcast.getType().getShape());
  for (size_t d = 0; d < shape.size(); ++d)
    if (from[d] != shape[d]) {
      layout = reducedLayout(layout, shape, d);
      shape[d] = 1;
    }
  return layout;
}

/// Loop-carried layouts by loop (in program order) and carried value.
using CarriedLayouts =
    std::map<std::pair<unsigned, unsigned>, LinearLayoutAttr>;

namespace {

class LayoutAssigner {
public:
  LayoutAssigner(func::FuncOp kernel, int64_t vectorWidth, int64_t numWarps,
                 bool warpgroupProducts, CarriedLayouts hints)
      : builder(kernel.getContext()), vectorWidth(vectorWidth),
        numWarps(numWarps), warpgroupProducts(warpgroupProducts),
        hints(std::move(hints)) {}

  LogicalResult assignBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      if (failed(assign(&op)))
        return failure();
    return success();
  }

  /// The layouts the loops carried their tiles in, and those their yields
  /// produced.
  const CarriedLayouts &carried() const { return carriedLayouts; }
  const CarriedLayouts &yielded() const { return yieldedLayouts; }

private:
  LinearLayoutAttr blocked(Value value) {
    return blockedLayout(builder.getContext(),
                         cast<TileType>(value.getType()).getShape(),
                         vectorWidth, numWarps);
  }

  /// The cheap `value` computed again in `layout` before `user`, its
  /// operands first.
  Value recreate(Value value, LinearLayoutAttr layout, Operation *user) {
    Operation *producer = value.getDefiningOp();
    IRMapping mapping;
    if (auto broadcast = dyn_cast<BroadcastOp>(producer))
      mapping.map(broadcast.getInput(),
                  inLayout(broadcast.getInput(),
                           broadcastInputLayout(broadcast, layout), user));
    else
      for (Value operand : producer->getOperands())
        if (isa<TileType>(operand.getType()))
          mapping.map(operand, inLayout(operand, layout, user));
    builder.setInsertionPoint(user);
    Operation *copy = builder.clone(*producer, mapping);
    auto type = cast<TileType>(value.getType()).withEncoding(layout);
    copy->getResult(0).setType(type);
    if (auto constant = dyn_cast<ConstantOp>(copy))
      constant.setValueAttr(DenseElementsAttr::getFromRawBuffer(
          type, cast<DenseElementsAttr>(constant.getValue()).getRawData()));
    return copy->getResult(0);
  }

  /// `value` in `layout`, for `user`. Cheap values are re-created in it
  /// before the user; anything else goes through one tile.convert_layout
  /// right after it is computed, shared by its users in that layout.
  Value inLayout(Value value, LinearLayoutAttr layout, Operation *user) {
    if (layoutOf(value) == layout)
      return value;
    if (isCheap(value))
      return recreate(value, layout, user);
    Value &converted = conversions[{value, layout}];
    if (!converted) {
      if (Operation *producer = value.getDefiningOp())
        builder.setInsertionPointAfter(producer);
      else
        builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
      auto type = cast<TileType>(value.getType()).withEncoding(layout);
      converted = ConvertLayoutOp::create(builder, value.getLoc(), type, value);
    }
    return converted;
  }

  /// Makes `use` read its value in `layout`.
  void require(OpOperand &use, LinearLayoutAttr layout) {
    Value value = use.get();
    if (layoutOf(value) == layout)
      return;
    if (auto broadcast = value.getDefiningOp<BroadcastOp>();
        broadcast && !isCheap(value)) {
      // Broadcast again in the wanted layout, from an input in the layout
      // that makes that broadcast move nothing: converting the small input
      // costs less than converting the result.
      Value input =
          inLayout(broadcast.getInput(),
                   broadcastInputLayout(broadcast, layout), use.getOwner());
      builder.setInsertionPoint(use.getOwner());
      use.set(BroadcastOp::create(
          builder, broadcast.getLoc(),
          cast<TileType>(value.getType()).withEncoding(layout), input));
      return;
    }
    use.set(inLayout(value, layout, use.getOwner()));
  }

  /// Element-wise ops compute in the layout of their first operand that is
  /// neither cheap to re-create nor a broadcast, preferring one computed in
  /// the loop to one the loop carries; the others follow it.
  void assignElementwise(Operation *op) {
    SmallVector<OpOperand *> tiles;
    for (OpOperand &operand : op->getOpOperands())
      if (isa<TileType>(operand.get().getType()))
        tiles.push_back(&operand);
    if (tiles.empty())
      return;
    LinearLayoutAttr computed, carried;
    for (OpOperand *operand : tiles) {
      Value value = operand->get();
      if (isCheap(value) || value.getDefiningOp<BroadcastOp>())
        continue;
      LinearLayoutAttr &choice = isLoopCarried(value) ? carried : computed;
      if (!choice)
        choice = layoutOf(value);
    }
    // Without such an operand, the blocked layout of the result.
    LinearLayoutAttr layout = computed  ? computed
                              : carried ? carried
                                        : blocked(tiles.front()->get());
    for (OpOperand *operand : tiles)
      require(*operand, layout);
    for (Value result : op->getResults())
      setLayout(result, layout);
  }

  MmaLayouts mmaLayouts(DotOp op) {
    ArrayRef<int64_t> acc = op.getAcc().getType().getShape();
    return MmaLayouts(builder.getContext(), acc[0], acc[1],
                      op.getA().getType().getShape()[1], numWarps);
  }

  /// The warpgroup product plan of `op`, where the target has them and the
  /// dot fits.
  std::optional<WgmmaLayouts> wgmmaLayouts(DotOp op) {
    if (!warpgroupProducts)
      return std::nullopt;
    ArrayRef<int64_t> acc = op.getAcc().getType().getShape();
    TileType a = op.getA().getType();
    return WgmmaLayouts::get(builder.getContext(), acc[0], acc[1],
                             a.getShape()[1], storageBytes(a.getElementType()),
                             numWarps);
  }

  /// The layout of a dot's accumulator and result.
  LinearLayoutAttr accLayout(DotOp op) {
    if (std::optional<WgmmaLayouts> wgmma = wgmmaLayouts(op))
      return wgmma->acc();
    return mmaLayouts(op).acc();
  }

  /// A loop-carried tile takes the layout an earlier walk saw its yield
  /// produce; on the first walk, that of its initial value, except an
  /// accumulator that a dot in the loop updates: it stays in the dot's
  /// layout across iterations instead of converting twice in each.
  LinearLayoutAttr loopCarriedLayout(scf::ForOp loop, unsigned index) {
    auto hint = hints.find({loopNumbers.lookup(loop), index});
    if (hint != hints.end())
      return hint->second;
    Value yielded = loop.getBody()->getTerminator()->getOperand(index);
    auto dot = yielded.getDefiningOp<DotOp>();
    if (dot && dot.getAcc() == loop.getRegionIterArgs()[index] &&
        succeeded(checkTensorCoreDot(dot, wgmmaLayouts(dot).has_value())))
      return accLayout(dot);
    return layoutOf(loop.getInitArgs()[index]);
  }

  /// Values yielded to a loop or a branch take the layout of its results.
  void assignYield(scf::YieldOp yield) {
    Operation *parent = yield->getParentOp();
    for (OpOperand &operand : yield->getOpOperands())
      if (isa<TileType>(operand.get().getType())) {
        unsigned index = operand.getOperandNumber();
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          yieldedLayouts[{loopNumbers.lookup(loop), index}] =
              layoutOf(operand.get());
        require(operand, layoutOf(parent->getResult(index)));
      }
  }

  LogicalResult assign(Operation *op) {
    if (op->hasTrait<OpTrait::Elementwise>()) {
      assignElementwise(op);
      return success();
    }
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case<LoadOp, LoadAtOp, LoadPieceOp, IotaOp, SplatOp>(
            [&](Operation *op) {
              setLayout(op->getResult(0), blocked(op->getResult(0)));
              return success();
            })
        .Case([&](ConstantOp op) {
          auto type = op.getType().withEncoding(blocked(op.getResult()));
          op.setValueAttr(DenseElementsAttr::getFromRawBuffer(
              type, cast<DenseElementsAttr>(op.getValue()).getRawData()));
          op.getResult().setType(type);
          return success();
        })
        .Case<StoreOp, StoreAtOp>([&](auto op) {
          require(op.getValueMutable(), blocked(op.getValue()));
          return success();
        })
        // The values, their indices and mask share one layout, so that
        // each register holds the same element of all of them.
        .Case<AtomicUpdateOp, ScatterOp>([&](auto op) {
          LinearLayoutAttr layout = blocked(op.getValues());
          require(op.getValuesMutable(), layout);
          for (OpOperand &index : op.getIndicesMutable())
            require(index, layout);
          for (OpOperand &mask : op.getMaskMutable())
            require(mask, layout);
          return success();
        })
        .Case<ReduceOp, ReduceWithOp>([&](auto op) {
          setLayout(op.getResult(),
                    reducedLayout(layoutOf(op.getInput()),
                                  op.getInput().getType().getShape(),
                                  op.getAxis()));
          return success();
        })
        .Case<ScanOp, ScanWithOp>([&](auto op) {
          setLayout(op.getResult(), layoutOf(op.getInput()));
          return success();
        })
        // The mask shares the values' layout; the counts are a new tile.
        .Case([&](HistogramOp op) {
          for (OpOperand &mask : op.getMaskMutable())
            require(mask, layoutOf(op.getValues()));
          setLayout(op.getResult(), blocked(op.getResult()));
          return success();
        })
        .Case([&](SortOp op) {
          setLayout(op.getSorted(), layoutOf(op.getInput()));
          setLayout(op.getIndices(), layoutOf(op.getInput()));
          return success();
        })
        .Case<ArgMaxOp, ArgMinOp>([&](auto op) {
          setLayout(op.getResult(),
                    reducedLayout(layoutOf(op.getInput()),
                                  op.getInput().getType().getShape(),
                                  op.getAxis()));
          return success();
        })
        .Case([&](BroadcastOp op) {
          setLayout(op.getResult(),
                    broadcastLayout(layoutOf(op.getInput()),
                                    op.getInput().getType().getShape(),
                                    op.getType().getShape()));
          return success();
        })
        .Case([&](DotWaitOp op) {
          setLayout(op.getResult(), layoutOf(op.getInput()));
          return success();
        })
        .Case([&](ReshapeOp op) {
          setLayout(op.getResult(), layoutOf(op.getInput()));
          return success();
        })
        .Case([&](PermuteOp op) {
          setLayout(op.getResult(),
                    permutedLayout(layoutOf(op.getInput()),
                                   op.getInput().getType().getShape(),
                                   op.getPermutation()));
          return success();
        })
        // Both halves of a concatenation come in one layout, that of the
        // first unless only the second is costly to convert; each thread
        // keeps its elements of both.
        .Case([&](CatOp op) {
          Value lhs = op.getLhs(), rhs = op.getRhs();
          LinearLayoutAttr layout =
              isCheap(lhs) && !isCheap(rhs) ? layoutOf(rhs) : layoutOf(lhs);
          require(op.getLhsMutable(), layout);
          require(op.getRhsMutable(), layout);
          setLayout(op.getResult(),
                    joinedLayout(layout, op.getLhs().getType().getShape(),
                                 op.getAxis()));
          return success();
        })
        // Shifts and rolls go through shared memory, so any result layout
        // costs the same: the input's lets them combine with it unconverted
        // (a stencil adds a tile to its shifts).
        .Case<ShiftOp, RollOp>([&](auto op) {
          setLayout(op.getResult(), layoutOf(op.getInput()));
          return success();
        })
        .Case<SliceOp, PadOp>([&](auto op) {
          setLayout(op.getResult(), blocked(op.getResult()));
          return success();
        })
        .Case([&](ConvertLayoutOp op) {
          if (!op.getType().getEncoding())
            setLayout(op.getResult(), blocked(op.getResult()));
          return success();
        })
        .Case([&](DotOp op) -> LogicalResult {
          std::optional<WgmmaLayouts> wgmma = wgmmaLayouts(op);
          if (failed(checkTensorCoreDot(op, wgmma.has_value(),
                                        /*quiet=*/false)))
            return failure();
          // Warpgroup products read `b` from shared memory, written from
          // whatever layout it comes in, and `a` too unless they read it
          // from registers.
          if (wgmma) {
            op->setAttr(kWgmmaAttrName, builder.getUnitAttr());
            if (readsAFromRegisters(op, *wgmma)) {
              op->setAttr(kWgmmaRegisterAAttrName, builder.getUnitAttr());
              require(op.getAMutable(), wgmma->aFragments()->acc());
            }
            require(op.getAccMutable(), wgmma->acc());
            setLayout(op.getResult(), wgmma->acc());
            return success();
          }
          MmaLayouts layouts = mmaLayouts(op);
          require(op.getAMutable(), layouts.a());
          require(op.getBMutable(), layouts.b());
          require(op.getAccMutable(), layouts.acc());
          setLayout(op.getResult(), layouts.acc());
          return success();
        })
        .Case([&](scf::ForOp loop) {
          unsigned number = loopNumbers.size();
          loopNumbers[loop] = number;
          for (auto [index, init] : llvm::enumerate(loop.getInitArgsMutable()))
            if (isa<TileType>(init.get().getType())) {
              LinearLayoutAttr layout = loopCarriedLayout(loop, index);
              carriedLayouts[{number, unsigned(index)}] = layout;
              require(init, layout);
              setLayout(loop.getRegionIterArgs()[index], layout);
              setLayout(loop.getResult(index), layout);
            }
          return assignBlock(*loop.getBody());
        })
        .Case([&](scf::IfOp branch) {
          for (Value result : branch.getResults())
            if (isa<TileType>(result.getType()))
              setLayout(result, blocked(result));
          for (Region &region : branch->getRegions())
            if (!region.empty() && failed(assignBlock(region.front())))
              return failure();
          return success();
        })
        // A while loop carries its tiles in the blocked layout, through
        // both regions.
        .Case([&](scf::WhileOp loop) -> LogicalResult {
          for (auto [index, init] : llvm::enumerate(loop.getInitsMutable()))
            if (isa<TileType>(init.get().getType())) {
              LinearLayoutAttr layout = blocked(init.get());
              require(init, layout);
              setLayout(loop.getBeforeArguments()[index], layout);
              setLayout(loop.getAfterArguments()[index], layout);
              setLayout(loop.getResult(index), layout);
            }
          if (failed(assignBlock(loop.getBefore().front())))
            return failure();
          return assignBlock(loop.getAfter().front());
        })
        .Case([&](scf::ConditionOp condition) {
          auto loop = cast<scf::WhileOp>(condition->getParentOp());
          for (OpOperand &arg : condition.getArgsMutable())
            if (isa<TileType>(arg.get().getType()))
              require(arg,
                      layoutOf(loop.getResult(arg.getOperandNumber() - 1)));
          return success();
        })
        .Case([&](scf::YieldOp yield) {
          assignYield(yield);
          return success();
        })
        .Default([&](Operation *op) -> LogicalResult {
          for (Type type : op->getResultTypes())
            if (isa<TileType>(type))
              return op->emitOpError(
                  "produces a tile, but the GPU lowering has no layout for "
                  "its result");
          return success();
        });
  }

  OpBuilder builder;
  int64_t vectorWidth;
  int64_t numWarps;
  bool warpgroupProducts;
  CarriedLayouts hints;
  /// Loops by their place in program order.
  DenseMap<Operation *, unsigned> loopNumbers;
  CarriedLayouts carriedLayouts, yieldedLayouts;
  /// Each value's conversion to each layout, made once.
  DenseMap<std::pair<Value, Attribute>, Value> conversions;
};

} // namespace

/// Gives every tile value of `kernel` a #tile.layout encoding, inserting
/// tile.convert_layout where an operand is needed in another layout, and
/// records the kernel's warp count. Fails with a diagnostic on tiles whose
/// dimensions are not powers of two.
static LogicalResult assignLayouts(func::FuncOp kernel, int64_t maxThreads,
                                   bool warpgroupProducts) {
  // The kernel's own limit (TILE_MAX_THREADS) comes before the default.
  if (auto hint = kernel->getAttrOfType<IntegerAttr>(kMaxThreadsAttrName))
    maxThreads = hint.getInt();
  if (maxThreads < kWarpSize || !llvm::isPowerOf2_64(maxThreads))
    return kernel.emitOpError("needs a thread limit that is a power of two "
                              "of at least ")
           << kWarpSize << ", found " << maxThreads;
  int64_t largest = 1;
  int64_t narrowestBytes = kMaxAccessBytes;
  WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
    for (Value value :
         llvm::concat<Value>(op->getOperands(), op->getResults())) {
      auto tile = dyn_cast<TileType>(value.getType());
      if (!tile)
        continue;
      for (int64_t size : tile.getShape())
        if (!llvm::isPowerOf2_64(size)) {
          op->emitOpError("uses the tile ")
              << tile << ", whose dimension " << size
              << " is not a power of two; the GPU lowering needs "
                 "power-of-two tile shapes (take the next power of two: "
                 "loads pad and stores drop what lies past the tensor)";
          return WalkResult::interrupt();
        }
      largest = std::max(largest, tile.getNumElements());
    }
    if (isa<LoadOp, LoadAtOp, LoadPieceOp, StoreOp, StoreAtOp>(op))
      for (Value value :
           llvm::concat<Value>(op->getOperands(), op->getResults()))
        if (auto tile = dyn_cast<TileType>(value.getType()))
          narrowestBytes =
              std::min(narrowestBytes, storageBytes(tile.getElementType()));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  int64_t vectorWidth = kMaxAccessBytes / narrowestBytes;
  int64_t threads = llvm::PowerOf2Ceil(std::max<int64_t>(
      kWarpSize, std::min(maxThreads, largest / vectorWidth)));
  int64_t numWarps = std::min(threads, maxThreads) / kWarpSize;
  kernel->setAttr(
      kNumWarpsAttrName,
      IntegerAttr::get(IntegerType::get(kernel.getContext(), 64), numWarps));
  if (kernel.isExternal())
    return success();
  // Each walk goes over a copy of the kernel, until the layouts the loops
  // carry are those their yields produce (or the rounds run out).
  CarriedLayouts hints;
  for (int round = 1;; ++round) {
    func::FuncOp attempt = kernel.clone();
    LayoutAssigner assigner(attempt, vectorWidth, numWarps, warpgroupProducts,
                            hints);
    if (failed(assigner.assignBlock(attempt.getBody().front()))) {
      attempt.erase();
      return failure();
    }
    if (assigner.carried() == assigner.yielded() || round == kMaxLayoutRounds) {
      // Cheap values re-created for all their users are left unused.
      attempt.walk<WalkOrder::PostOrder, mlir::ReverseIterator>(
          [](Operation *op) {
            if (isOpTriviallyDead(op))
              op->erase();
          });
      kernel.getBody().takeBody(attempt.getBody());
      attempt.erase();
      break;
    }
    hints = assigner.yielded();
    attempt.erase();
  }
  return success();
}

namespace {

struct TileAssignLayoutsPass
    : tile::impl::TileAssignLayoutsBase<TileAssignLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<func::FuncOp>())
      if (kernel->hasAttr("tile.kernel") &&
          !kernel->hasAttr(kNumWarpsAttrName) &&
          failed(assignLayouts(kernel, maxThreads, warpgroupProducts)))
        return signalPassFailure();
  }
};

} // namespace
