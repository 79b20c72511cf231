//===- TileToGPUPatterns.h - Pieces of the tile-to-GPU lowering -*- C++ -*-===//
//
// Shared between the pattern files of the lowering; not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOGPUPATTERNS_H
#define TILE_CONVERSION_TILETOGPUPATTERNS_H

#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileTypes.h"
#include "tilegpu/IR/SharedMemory.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {

/// Converts tile types for one kernel: a tile becomes the vector of the
/// elements one thread holds under the tile's layout; a piece or a view
/// becomes a global pointer, the tensor's shape and its strides (i64 each),
/// as in the kernel ABI. Shared memory is one buffer per kernel, the
/// workgroup global `sharedBuffer`.
class TileToGPUTypeConverter : public TypeConverter {
public:
  TileToGPUTypeConverter(MLIRContext *context, StringRef sharedBuffer);

  /// A pointer to the kernel's shared memory buffer.
  Value sharedMemory(OpBuilder &builder, Location loc) const;
  /// The address `offset` bytes into the kernel's shared buffer.
  Value sharedMemoryAt(OpBuilder &builder, Location loc, int64_t offset) const;

private:
  std::string sharedBuffer;
};

/// The values a piece or a view converts to.
struct TensorOperands {
  Value pointer;
  ValueRange shape;
  ValueRange strides;

  static TensorOperands unpack(ValueRange converted);
  unsigned rank() const { return shape.size(); }
};

/// This thread's index in its program, lane and warp (i32).
struct ThreadPosition {
  Value thread;
  Value lane;
  Value warp;

  static ThreadPosition current(OpBuilder &builder, Location loc);
  /// The flat element index (i32) that this thread adds to the elements of
  /// every register under `layout`.
  Value elementOffset(OpBuilder &builder, Location loc,
                      LinearLayoutAttr layout) const;
  /// The same for a thread bit list of its own: bit h of the thread index
  /// (lane bits, then warp bits) sets element bit threadBits[h], none if -1.
  Value elementOffset(OpBuilder &builder, Location loc,
                      ArrayRef<int32_t> threadBits) const;
  /// The flat element index (i32) of each of this thread's registers under
  /// `layout`, in register order.
  SmallVector<Value> registerElements(OpBuilder &builder, Location loc,
                                      LinearLayoutAttr layout) const;
  /// Whether this thread's lane and warp bits are zero wherever `ignored`
  /// says (one flag per lane bit, then per warp bit); null when nothing is
  /// ignored, meaning every thread.
  Value isFirstAmong(OpBuilder &builder, Location loc,
                     ArrayRef<bool> ignored) const;
};

/// Flags of the lane and warp bits of `layout` that hold replicas.
SmallVector<bool> replicaBits(LinearLayoutAttr layout);

/// The tile index of this program's piece: its program ids (i64 each).
SmallVector<Value> pieceIndex(OpBuilder &builder, Location loc, unsigned rank);

/// Atomic updates of atomic outputs to LLVM atomic read-modify-writes.
void populateAtomicUpdatesToLLVMPatterns(TileToGPUTypeConverter &converter,
                                         RewritePatternSet &patterns);

/// func.func kernels to gpu.func and func.return to gpu.return.
void populateKernelToGPUFuncPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);
/// program_id and num_programs.
void populateAssertionsToGPUPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);
void populateGridOpsToGPUPatterns(TileToGPUTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// Tensor extents.
void populateTensorQueriesToGPUPatterns(TileToGPUTypeConverter &converter,
                                        RewritePatternSet &patterns);
/// Element-wise arithmetic, math, compares, selects, casts and tile creation.
void populateElementwiseToArithPatterns(TileToGPUTypeConverter &converter,
                                        RewritePatternSet &patterns);
/// Loads and stores.
void populateMemoryOpsToLLVMPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);
/// Histograms of a tile's values.
void populateHistogramToGPUPatterns(TileToGPUTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Sorts along an axis.
void populateSortToGPUPatterns(TileToGPUTypeConverter &converter,
                               RewritePatternSet &patterns);
/// Scatters into the program's piece.
void populateScatterToLLVMPatterns(TileToGPUTypeConverter &converter,
                                   RewritePatternSet &patterns);
/// Copies by the tensor copy engine, and the barriers they complete on.
void populateTensorCopiesToNVVMPatterns(TileToGPUTypeConverter &converter,
                                        RewritePatternSet &patterns);
/// Prefetches into the L2 cache.
void populatePrefetchToNVVMPatterns(TileToGPUTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Layout conversions, broadcasts, reshapes and permutations.
void populateLayoutOpsToGPUPatterns(TileToGPUTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Concatenations, slices, pads, shifts and rolls.
void populateRearrangeOpsToGPUPatterns(TileToGPUTypeConverter &converter,
                                       RewritePatternSet &patterns);
/// Reductions and argmax.
void populateReductionsToGPUPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);

/// Matrix products on the tensor cores.
void populateDotToNVVMPatterns(TileToGPUTypeConverter &converter,
                               RewritePatternSet &patterns);
/// Matrix products marked for warpgroup products (wgmma, sm_90a).
void populateWarpgroupDotToNVVMPatterns(TileToGPUTypeConverter &converter,
                                        RewritePatternSet &patterns);

/// The elements of `value` (a thread's vector) converted to the element
/// type of `target` by the kernel language's cast rules, where either side
/// is an 8-bit float; `fromUnsigned` and `toUnsigned` say whether the
/// integer side is unsigned.
Value convertFloat8Elements(OpBuilder &builder, Location loc, Value value,
                            VectorType target, bool fromUnsigned = false,
                            bool toUnsigned = false);

/// The i8 elements of `bytes` (a thread's vector) as f32, exactly.
Value convertBytesToFloat(OpBuilder &builder, Location loc, Value bytes);

} // namespace mlir::tile

#endif // TILE_CONVERSION_TILETOGPUPATTERNS_H
