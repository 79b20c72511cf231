//===- TunedBuild.h - Tuning records applied to a build ---------*- C++ -*-===//

#ifndef TILE_TUNING_TUNEDBUILD_H
#define TILE_TUNING_TUNEDBUILD_H

#include "tile/Backend/GPUPipeline.h"
#include "tile/Driver/CompileOptions.h"
#include "tile/Frontend/KernelFrontend.h"
#include "tile/Tuning/TuningRecords.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace tile::tuning {

using driver::CompileOptions;

/// Adds to the canonical tile module `module` (parsed by `parser`) the
/// configurations that fresh records of its tunable kernels chose on
/// `target`, and marks each written kernel with the one that runs in its
/// place on each GPU (kTunedAttrName). A stale record (its space or its
/// kernel changed since it was tuned) is reported as a warning and
/// ignored; records of kernels the module lacks are ignored.
llvm::Error applyTuningRecords(frontend::KernelParser &parser,
                               mlir::OwningOpRef<mlir::ModuleOp> &module,
                               llvm::ArrayRef<TuningRecord> records,
                               const backend::Target &target,
                               const CompileOptions &options);

} // namespace tile::tuning

#endif // TILE_TUNING_TUNEDBUILD_H
