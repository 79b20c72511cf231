//===- TileToGPUPatterns.h - Pieces of the tile-to-GPU lowering -*- C++ -*-===//
//
// Shared between the pattern files of the lowering; not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOGPUPATTERNS_H
#define TILE_CONVERSION_TILETOGPUPATTERNS_H

#include "tile/Conversion/BlockedLayout.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {

/// Converts tile types for one kernel: a tile becomes the vector of the
/// elements one thread holds; a piece or a view becomes a global pointer,
/// the tensor's shape and its strides (i64 each), as in the kernel ABI.
class TileToGPUTypeConverter : public TypeConverter {
public:
  TileToGPUTypeConverter(MLIRContext *context, BlockedLayout layout);

  const BlockedLayout &getLayout() const { return layout; }

private:
  BlockedLayout layout;
};

/// The values a piece or a view converts to.
struct TensorOperands {
  Value pointer;
  ValueRange shape;
  ValueRange strides;

  static TensorOperands unpack(ValueRange converted);
  unsigned rank() const { return shape.size(); }
};

/// func.func kernels to gpu.func and func.return to gpu.return.
void populateKernelToGPUFuncPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);
/// program_id and num_programs.
void populateGridOpsToGPUPatterns(TileToGPUTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// Element-wise arithmetic, math, compares, selects, casts and tile creation.
void populateElementwiseToArithPatterns(TileToGPUTypeConverter &converter,
                                        RewritePatternSet &patterns);
/// Loads and stores.
void populateMemoryOpsToLLVMPatterns(TileToGPUTypeConverter &converter,
                                     RewritePatternSet &patterns);

} // namespace mlir::tile

#endif // TILE_CONVERSION_TILETOGPUPATTERNS_H
