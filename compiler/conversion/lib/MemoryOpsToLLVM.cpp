//===- MemoryOpsToLLVM.cpp - Loads and stores of tiles --------------------===//
//
// A thread moves its elements of a tile as runs of `V` contiguous elements.
// A run that lies wholly inside the tensor, at an aligned address, moves as
// one vector; a run at the tensor's edge moves through a masked access, so
// that nothing outside the tensor is ever read or written. Copies into
// operand stages move 16-byte runs with cp.async, which reads only the
// bytes inside the tensor and fills the rest with zeros.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

namespace {

/// Where one run of a thread's elements lies in a tensor.
struct RunAccess {
  /// The run's first element.
  Value address;
  /// Whether the whole run lies inside the tensor (i1).
  Value inside;
  /// How many of the run's leading elements lie inside the tensor (i64; zero
  /// or less when none does). One scalar, so that the masked path, built
  /// from it where it runs, keeps no per-element index live beside the fast
  /// path.
  Value count;
  /// For a run that may start before the tensor (a tile at element offsets),
  /// how many of its leading elements lie before it (i64; zero or less when
  /// none does); null for a run at a tile index, which never does.
  Value skip;

  /// The run read with a mask: elements outside the tensor are taken from
  /// `passThrough`, and nothing outside it is read.
  Value loadMasked(OpBuilder &builder, Location loc, Value passThrough,
                   int64_t elementBytes) const {
    auto type = cast<VectorType>(passThrough.getType());
    return LLVM::MaskedLoadOp::create(
        builder, loc, type, address,
        laneMask(builder, loc, type.getNumElements()), passThrough,
        builder.getI32IntegerAttr(elementBytes), nullptr);
  }

  /// Which elements of the run lie inside the tensor (vector of i1), built
  /// at the builder's insertion point.
  Value laneMask(OpBuilder &builder, Location loc, int64_t width) const {
    auto indexType = VectorType::get({width}, builder.getI64Type());
    SmallVector<int64_t> lanes(width);
    std::iota(lanes.begin(), lanes.end(), 0);
    // One op per statement: the order of a call's arguments is the C++
    // compiler's choice, and the IR must not depend on it.
    Value lanesValue = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(indexType, ArrayRef<int64_t>(lanes)));
    Value counts = vector::BroadcastOp::create(builder, loc, indexType, count);
    Value mask = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sgt,
                                       counts, lanesValue);
    if (!skip)
      return mask;
    Value skips = vector::BroadcastOp::create(builder, loc, indexType, skip);
    Value after = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                        lanesValue, skips);
    return arith::AndIOp::create(builder, loc, mask, after);
  }
};

/// Addresses the runs of one tile of a tensor for the current thread. A run
/// is a group of registers holding neighbouring elements of the innermost
/// dimension, at most 16 bytes.
class TileAccess {
public:
  /// The tile at tile index `tileIndex` (i64): its element (i0, ...) is
  /// tensor element (tileIndex0 * shape0 + i0, ...).
  TileAccess(OpBuilder &builder, Location loc, TensorOperands tensor,
             TileType tile, SmallVector<Value> tileIndex)
      : TileAccess(builder, loc, tensor, tile, std::move(tileIndex),
                   /*elementOffsets=*/false) {}

  /// The tile whose element (i0, ...) is tensor element (offsets0 + i0,
  /// ...), for any i64 offsets, negative ones too.
  static TileAccess atElements(OpBuilder &builder, Location loc,
                               TensorOperands tensor, TileType tile,
                               SmallVector<Value> offsets) {
    return TileAccess(builder, loc, tensor, tile, std::move(offsets),
                      /*elementOffsets=*/true);
  }

private:
  TileAccess(OpBuilder &builder, Location loc, TensorOperands tensor,
             TileType tile, SmallVector<Value> start, bool elementOffsets)
      : builder(builder), loc(loc), tensor(tensor), tile(tile),
        layout(layoutOf(tile)), tileIndex(std::move(start)),
        elementOffsets(elementOffsets),
        position(ThreadPosition::current(builder, loc)) {
    int64_t bits = std::min<int64_t>(contiguousRegisterBits(layout),
                                     llvm::Log2_64(tile.getShape().back()));
    while ((int64_t(1) << bits) * elementBytes() > kMaxAccessBytes)
      --bits;
    runWidth = int64_t(1) << bits;
    threadStart =
        arith::ExtUIOp::create(builder, loc, builder.getI64Type(),
                               position.elementOffset(builder, loc, layout));
  }

public:
  /// The tile accessed.
  TileType tileType() const { return tile; }
  Type memoryType() const { return memoryElementType(tile.getElementType()); }
  VectorType runType() const {
    return VectorType::get({runWidth}, memoryType());
  }
  int64_t elementBytes() const { return storageBytes(tile.getElementType()); }
  /// The alignment a whole-run vector access needs.
  int64_t vectorAlignment() const { return runWidth * elementBytes(); }
  /// How many runs the thread moves.
  int64_t numRuns() const { return layout.getElementsPerThread() / runWidth; }
  /// Whether the tile starts at element offsets, anywhere in the tensor.
  bool startsAnywhere() const { return elementOffsets; }
  /// Whether this thread is the first of its replicas, the one that
  /// stores; null when the layout has no replicas.
  Value isWriter() {
    return position.isFirstAmong(builder, loc, replicaBits(layout));
  }

  /// Whether the tensor's base address and row strides keep every run
  /// aligned for a vector access.
  Value aligned() {
    int64_t alignment = vectorAlignment();
    Value mask = constantI64(builder, loc, alignment - 1);
    Value zero = constantI64(builder, loc, 0);
    Value address = LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(),
                                             tensor.pointer);
    Value misaligned = arith::AndIOp::create(builder, loc, address, mask);
    Value bytes = constantI64(builder, loc, elementBytes());
    for (Value stride : tensor.strides.drop_back()) {
      Value strideBytes = arith::MulIOp::create(builder, loc, stride, bytes);
      misaligned = arith::OrIOp::create(
          builder, loc, misaligned,
          arith::AndIOp::create(builder, loc, strideBytes, mask));
    }
    // Runs start at multiples of their width inside the tile, so at tile
    // indices they stay aligned; at element offsets, the innermost offset
    // must keep them so too.
    if (elementOffsets)
      misaligned = arith::OrIOp::create(
          builder, loc, misaligned,
          arith::AndIOp::create(builder, loc, tileIndex.back(),
                                constantI64(builder, loc, runWidth - 1)));
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                 misaligned, zero);
  }

  /// The run `index` of this thread, registers [index * W, (index + 1) * W).
  RunAccess run(int64_t index) {
    ArrayRef<int64_t> shape = tile.getShape();
    unsigned rank = shape.size();
    Value flat = arith::OrIOp::create(
        builder, loc, threadStart,
        constantI64(builder, loc, registerElement(layout, index * runWidth)));
    // Row-major coordinates of the run's first element inside the tile.
    SmallVector<Value> coords(rank);
    for (int d = rank - 1; d > 0; --d) {
      Value size = constantI64(builder, loc, shape[d]);
      coords[d] = arith::RemUIOp::create(builder, loc, flat, size);
      flat = arith::DivUIOp::create(builder, loc, flat, size);
    }
    coords[0] = flat;

    Value offset = constantI64(builder, loc, 0);
    Value rowInside =
        arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
    Value last;
    for (unsigned d = 0; d < rank; ++d) {
      Value start =
          elementOffsets
              ? tileIndex[d]
              : arith::MulIOp::create(builder, loc, tileIndex[d],
                                      constantI64(builder, loc, shape[d]));
      Value global = arith::AddIOp::create(builder, loc, start, coords[d]);
      if (d + 1 == rank) {
        last = global;
        offset = arith::AddIOp::create(builder, loc, offset, global);
        break;
      }
      // Unsigned compares also reject negative coordinates.
      rowInside = arith::AndIOp::create(
          builder, loc, rowInside,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, global,
                                tensor.shape[d]));
      offset = arith::AddIOp::create(
          builder, loc, offset,
          arith::MulIOp::create(builder, loc, global, tensor.strides[d]));
    }
    Value extent = tensor.shape[rank - 1];
    if (elementOffsets)
      return straddlingRun(offset, rowInside, last, extent);
    // Runs start at multiples of their width, so a run starts inside the
    // tensor exactly when its first element does; the unsigned compare also
    // rejects negative coordinates.
    Value starts = arith::AndIOp::create(
        builder, loc, rowInside,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, last,
                              extent));
    // One op per statement, as in RunAccess::laneMask.
    Value zero = constantI64(builder, loc, 0);
    Value remaining = arith::SubIOp::create(builder, loc, extent, last);
    Value count =
        arith::SelectOp::create(builder, loc, starts, remaining, zero);
    Value inside =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, count,
                              constantI64(builder, loc, runWidth));
    Value address =
        LLVM::GEPOp::create(builder, loc, tensor.pointer.getType(),
                            memoryType(), tensor.pointer, ValueRange{offset});
    return {address, inside, count, Value()};
  }

private:
  /// The run at element `offset` of a tile at element offsets, whose first
  /// element lies at innermost coordinate `first` (any i64) of a row that is
  /// inside the tensor when `rowInside`: its lanes from -first up to
  /// extent - first lie inside.
  RunAccess straddlingRun(Value offset, Value rowInside, Value first,
                          Value extent) {
    Value zero = constantI64(builder, loc, 0);
    Value reaches = arith::AndIOp::create(
        builder, loc, rowInside,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, first,
                              extent));
    Value remaining = arith::SubIOp::create(builder, loc, extent, first);
    Value count =
        arith::SelectOp::create(builder, loc, reaches, remaining, zero);
    Value skip = arith::SubIOp::create(builder, loc, zero, first);
    Value whole =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, count,
                              constantI64(builder, loc, runWidth));
    Value fromStart = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sge, first, zero);
    Value inside = arith::AndIOp::create(builder, loc, whole, fromStart);
    Value address =
        LLVM::GEPOp::create(builder, loc, tensor.pointer.getType(),
                            memoryType(), tensor.pointer, ValueRange{offset});
    return {address, inside, count, skip};
  }

  OpBuilder &builder;
  Location loc;
  TensorOperands tensor;
  TileType tile;
  LinearLayoutAttr layout;
  /// The tile index, or the element offsets of the tile's first element.
  SmallVector<Value> tileIndex;
  /// Whether `tileIndex` holds element offsets.
  bool elementOffsets;
  ThreadPosition position;
  int64_t runWidth;
  Value threadStart;
};

/// A tile op's i32 tile indices, as the i64 TileAccess takes.
SmallVector<Value> widenedTileIndex(OpBuilder &builder, Location loc,
                                    ArrayRef<ValueRange> converted) {
  SmallVector<Value> index;
  for (ValueRange value : converted)
    index.push_back(arith::ExtSIOp::create(builder, loc, builder.getI64Type(),
                                           value.front()));
  return index;
}

/// Loads this thread's elements of the tile `access` addresses; elements
/// outside the tensor read as `padding` (zero when null).
Value loadTile(ConversionPatternRewriter &rewriter, Location loc,
               const TypeConverter &converter, TileAccess &access,
               TypedAttr padding) {
  TileType tile = access.tileType();
  if (!padding)
    padding = cast<TypedAttr>(
        rewriter.getZeroAttr(scalarType(tile.getElementType())));
  auto fragmentType = cast<VectorType>(converter.convertType(tile));
  const int64_t width = access.runType().getNumElements();
  Type memoryType = access.memoryType();
  Attribute memoryPadding = padding;
  if (auto floatPadding = dyn_cast<FloatAttr>(padding);
      floatPadding && memoryType != padding.getType())
    memoryPadding = rewriter.getIntegerAttr(
        memoryType, floatPadding.getValue().bitcastToAPInt());
  else if (memoryType != padding.getType())
    memoryPadding = rewriter.getIntegerAttr(
        memoryType, cast<IntegerAttr>(padding).getValue().getZExtValue());
  Value passThrough = arith::ConstantOp::create(
      rewriter, loc, DenseElementsAttr::get(access.runType(), memoryPadding));
  Value aligned = access.aligned();
  Value fragment = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(fragmentType));
  int64_t alignment = access.vectorAlignment();
  int64_t elementAlignment = access.elementBytes();
  VectorType runType = access.runType();
  for (int64_t chunk = 0; chunk < access.numRuns(); ++chunk) {
    RunAccess run = access.run(chunk);
    Value fast = arith::AndIOp::create(rewriter, loc, run.inside, aligned);
    auto branch = scf::IfOp::create(
        rewriter, loc, fast,
        [&](OpBuilder &builder, Location loc) {
          Value value = LLVM::LoadOp::create(builder, loc, runType, run.address,
                                             alignment);
          scf::YieldOp::create(builder, loc, value);
        },
        [&](OpBuilder &builder, Location loc) {
          if (!access.startsAnywhere()) {
            scf::YieldOp::create(
                builder, loc,
                run.loadMasked(builder, loc, passThrough, elementAlignment));
            return;
          }
          // A tile at element offsets is mostly misaligned but inside (a
          // stencil's neighbours): such runs load element by element with
          // no per-lane test; only runs at the edges need the mask.
          auto inside = scf::IfOp::create(
              builder, loc, run.inside,
              [&](OpBuilder &builder, Location loc) {
                scf::YieldOp::create(builder, loc,
                                     LLVM::LoadOp::create(builder, loc, runType,
                                                          run.address,
                                                          elementAlignment)
                                         .getResult());
              },
              [&](OpBuilder &builder, Location loc) {
                scf::YieldOp::create(builder, loc,
                                     run.loadMasked(builder, loc, passThrough,
                                                    elementAlignment));
              });
          scf::YieldOp::create(builder, loc, inside.getResult(0));
        });
    Value value = fromMemory(rewriter, loc, branch.getResult(0),
                             fragmentType.getElementType());
    fragment = vector::InsertStridedSliceOp::create(
        rewriter, loc, value, fragment, ArrayRef<int64_t>{chunk * width},
        ArrayRef<int64_t>{1});
  }
  return fragment;
}

struct LoadLowering : OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    Location loc = op.getLoc();
    TileType tile = op.getResult().getType();
    TileAccess access(rewriter, loc, TensorOperands::unpack(adaptor.getView()),
                      tile,
                      widenedTileIndex(rewriter, loc, adaptor.getIndices()));
    rewriter.replaceOp(
        op, loadTile(rewriter, loc, converter, access, op.getPaddingAttr()));
    return success();
  }
};

struct LoadAtLowering : OpConversionPattern<LoadAtOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadAtOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getResult().getType();
    SmallVector<Value> offsets;
    for (ValueRange offset : adaptor.getOffsets())
      offsets.push_back(offset.front());
    TileAccess access = TileAccess::atElements(
        rewriter, loc, TensorOperands::unpack(adaptor.getView()), tile,
        std::move(offsets));
    rewriter.replaceOp(
        op, loadTile(rewriter, loc, *getTypeConverter(), access, TypedAttr()));
    return success();
  }
};

struct LoadPieceLowering : OpConversionPattern<LoadPieceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadPieceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    Location loc = op.getLoc();
    TileType tile = op.getResult().getType();
    TileAccess access(rewriter, loc, TensorOperands::unpack(adaptor.getPiece()),
                      tile, pieceIndex(rewriter, loc, tile.getRank()));
    rewriter.replaceOp(op,
                       loadTile(rewriter, loc, converter, access, TypedAttr()));
    return success();
  }
};

/// Stores this thread's elements `fragment` of the tile at `tileIndex` of a
/// tensor; elements outside the tensor are dropped.
void storeTile(ConversionPatternRewriter &rewriter, Location loc,
               ValueRange tensor, TileType tile, Value fragment,
               SmallVector<Value> tileIndex) {
  OpBuilder::InsertionGuard guard(rewriter);
  TileAccess access(rewriter, loc, TensorOperands::unpack(tensor), tile,
                    std::move(tileIndex));
  // Of the threads holding the same elements, only the first stores.
  if (Value writer = access.isWriter()) {
    auto branch = scf::IfOp::create(rewriter, loc, writer);
    rewriter.setInsertionPointToStart(branch.thenBlock());
  }
  VectorType runType = access.runType();
  const int64_t width = runType.getNumElements();
  int64_t alignment = access.vectorAlignment();
  int64_t elementAlignment = access.elementBytes();
  Value aligned = access.aligned();
  for (int64_t chunk = 0; chunk < access.numRuns(); ++chunk) {
    RunAccess run = access.run(chunk);
    Value value = vector::ExtractStridedSliceOp::create(
        rewriter, loc, fragment, ArrayRef<int64_t>{chunk * width},
        ArrayRef<int64_t>{width}, ArrayRef<int64_t>{1});
    value = toMemory(rewriter, loc, value);
    Value fast = arith::AndIOp::create(rewriter, loc, run.inside, aligned);
    scf::IfOp::create(
        rewriter, loc, fast,
        [&](OpBuilder &builder, Location loc) {
          LLVM::StoreOp::create(builder, loc, value, run.address, alignment);
          scf::YieldOp::create(builder, loc);
        },
        [&](OpBuilder &builder, Location loc) {
          LLVM::MaskedStoreOp::create(
              builder, loc, value, run.address,
              run.laneMask(builder, loc, width),
              builder.getI32IntegerAttr(elementAlignment));
          scf::YieldOp::create(builder, loc);
        });
  }
}

struct StoreLowering : OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getValue().getType();
    storeTile(rewriter, loc, adaptor.getPiece(), tile,
              adaptor.getValue().front(),
              pieceIndex(rewriter, loc, tile.getRank()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Sub-tile d of the piece at index i is tile
/// program_id[d] * (piece[d] / tile[d]) + i of the tensor.
struct StoreAtLowering : OpConversionPattern<StoreAtOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StoreAtOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getValue().getType();
    ArrayRef<int64_t> piece = op.getPiece().getType().getShape();
    SmallVector<Value> index = pieceIndex(rewriter, loc, tile.getRank());
    for (unsigned d = 0; d < tile.getRank(); ++d) {
      Value perPiece = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getI64IntegerAttr(piece[d] / tile.getShape()[d]));
      Value offset =
          arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(),
                                 adaptor.getIndices()[d].front());
      index[d] = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, index[d], perPiece), offset);
    }
    storeTile(rewriter, loc, adaptor.getPiece(), tile,
              adaptor.getValue().front(), std::move(index));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread loads the element itself (one address for all: a broadcast
/// in the cache); an element outside the tensor reads as zero.
struct LoadScalarLowering : OpConversionPattern<LoadScalarOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LoadScalarOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorOperands tensor = TensorOperands::unpack(adaptor.getView());
    Value offset = constantI64(rewriter, loc, 0);
    Value inside =
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    for (unsigned d = 0; d < tensor.rank(); ++d) {
      Value index = arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(),
                                           adaptor.getIndices()[d].front());
      // Unsigned compares also reject negative indices.
      inside = arith::AndIOp::create(
          rewriter, loc, inside,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, index,
                                tensor.shape[d]));
      offset = arith::AddIOp::create(
          rewriter, loc, offset,
          arith::MulIOp::create(rewriter, loc, index, tensor.strides[d]));
    }
    Type type = op.getType();
    Type memoryType = memoryElementType(type);
    Value address =
        LLVM::GEPOp::create(rewriter, loc, tensor.pointer.getType(), memoryType,
                            tensor.pointer, ValueRange{offset});
    auto branch = scf::IfOp::create(
        rewriter, loc, inside,
        [&](OpBuilder &builder, Location loc) {
          Value value = LLVM::LoadOp::create(builder, loc, memoryType, address,
                                             storageBytes(type));
          scf::YieldOp::create(builder, loc, value);
        },
        [&](OpBuilder &builder, Location loc) {
          Value zero = arith::ConstantOp::create(
              builder, loc, builder.getZeroAttr(memoryType));
          scf::YieldOp::create(builder, loc, zero);
        });
    rewriter.replaceOp(op,
                       fromMemory(rewriter, loc, branch.getResult(0), type));
    return success();
  }
};

/// The stages start at their offset in the kernel's shared buffer.
struct SharedAllocLowering : OpConversionPattern<SharedAllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SharedAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    rewriter.replaceOp(
        op, converter.sharedMemoryAt(rewriter, op.getLoc(), op.getOffset()));
    return success();
  }
};

/// Each thread copies its 16-byte runs of the copy's layout into the stage,
/// K-major and swizzled as the warpgroup products read it. Where the
/// tensor's address or row strides do not allow 16-byte copies (the same
/// for every thread), the runs are loaded, masked, and stored instead.
struct CopyAsyncLowering : OpConversionPattern<CopyAsyncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CopyAsyncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LinearLayoutAttr layout = op.getLayoutAttr();
    if (!layout)
      return rewriter.notifyMatchFailure(op, "the copy has no thread layout");
    Location loc = op.getLoc();
    StagesType stages = op.getStages().getType();
    ArrayRef<int64_t> shape = stages.getTileShape();
    Type element = stages.getElementType();
    int64_t bytes = storageBytes(element);
    SmallVector<Value> index =
        widenedTileIndex(rewriter, loc, adaptor.getIndices());
    TileAccess access(rewriter, loc, TensorOperands::unpack(adaptor.getView()),
                      TileType::get(op.getContext(), shape, element, layout),
                      std::move(index));
    VectorType runType = access.runType();
    int64_t width = runType.getNumElements();
    if (width * bytes != kMaxAccessBytes)
      return rewriter.notifyMatchFailure(op,
                                         "the copy's runs are not 16 bytes");

    OpBuilder::InsertionGuard guard(rewriter);
    if (Value writer = access.isWriter()) {
      auto branch = scf::IfOp::create(rewriter, loc, writer);
      rewriter.setInsertionPointToStart(branch.thenBlock());
    }
    Value stageBase = stageAddress(rewriter, loc, adaptor.getStages().front(),
                                   adaptor.getStage().front(), stages);
    LinearLayoutAttr sharedLayout = mappedLayout(layout, [&](int32_t bit) {
      return kMajorSharedBit(bit, shape[0], shape[1], bytes);
    });
    SharedSwizzle swizzle = SharedSwizzle::forLines(
        kMajorPanelWidth(shape[1], bytes) * bytes, bytes);
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value offset = swizzle.apply(
        rewriter, loc, position.elementOffset(rewriter, loc, sharedLayout));
    Value aligned = access.aligned();
    Type memoryType = access.memoryType();
    Value zeros =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(runType));
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        op.getContext(), NVVM::LoadCacheModifierKind::CG);
    for (int64_t chunk = 0; chunk < access.numRuns(); ++chunk) {
      RunAccess run = access.run(chunk);
      Value target = sharedAddress(
          rewriter, loc, stageBase, memoryType, offset,
          swizzle.apply(registerElement(sharedLayout, chunk * width)));
      scf::IfOp::create(
          rewriter, loc, aligned,
          [&](OpBuilder &builder, Location loc) {
            Value count = arith::MaxSIOp::create(
                builder, loc,
                arith::MinSIOp::create(builder, loc, run.count,
                                       constantI64(builder, loc, width)),
                constantI64(builder, loc, 0));
            Value sourceBytes = arith::TruncIOp::create(
                builder, loc, builder.getI32Type(),
                arith::MulIOp::create(builder, loc, count,
                                      constantI64(builder, loc, bytes)));
            NVVM::CpAsyncOp::create(builder, loc, target, run.address,
                                    builder.getI32IntegerAttr(kMaxAccessBytes),
                                    modifier, sourceBytes);
            scf::YieldOp::create(builder, loc);
          },
          [&](OpBuilder &builder, Location loc) {
            LLVM::StoreOp::create(builder, loc,
                                  run.loadMasked(builder, loc, zeros, bytes),
                                  target, kMaxAccessBytes);
            scf::YieldOp::create(builder, loc);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct CopyCommitLowering : OpConversionPattern<CopyCommitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CopyCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

/// This thread's copies first, then the fence that shows them to the
/// tensor cores (which read through the async proxy), then every thread's.
struct CopyWaitLowering : OpConversionPattern<CopyWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CopyWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, op.getPending());
    fenceSharedForTensorCores(rewriter, loc);
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

} // namespace

SmallVector<Value> mlir::tile::pieceIndex(OpBuilder &builder, Location loc,
                                          unsigned rank) {
  static constexpr gpu::Dimension kAxes[] = {
      gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
  SmallVector<Value> index;
  for (unsigned d = 0; d < rank; ++d) {
    Value id = gpu::BlockIdOp::create(builder, loc, kAxes[d]);
    index.push_back(
        arith::IndexCastUIOp::create(builder, loc, builder.getI64Type(), id));
  }
  return index;
}

void mlir::tile::populateMemoryOpsToLLVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LoadLowering, LoadPieceLowering, StoreLowering, StoreAtLowering>(
      converter, patterns.getContext());
  patterns.add<LoadAtLowering, LoadScalarLowering>(converter,
                                                   patterns.getContext());
  patterns.add<SharedAllocLowering, CopyAsyncLowering, CopyCommitLowering,
               CopyWaitLowering>(converter, patterns.getContext());
}
