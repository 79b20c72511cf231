//===- TuningSpaceCompile.h - Every configuration into the cache -*- C++
//-*-===//

#ifndef TILE_TUNING_TUNINGSPACECOMPILE_H
#define TILE_TUNING_TUNINGSPACECOMPILE_H

#include "tile/Backend/GPUPipeline.h"
#include "tile/Cache/KernelCache.h"
#include "tile/Driver/CompileOptions.h"
#include "tile/Frontend/KernelFrontend.h"

#include "mlir/IR/BuiltinOps.h"

namespace tile::tuning {

using driver::CompileOptions;

/// `tilecc --emit=tuning-space`: compiles every configuration of every
/// tunable kernel of the canonical tile module `module` into `store`, each
/// as a cache entry of its own, and returns the JSON that tile-tune reads
/// (docs/tuning.md): per kernel its space, and per configuration its
/// kernel's name, cache key and hash, or why it does not compile.
llvm::Expected<std::string> compileTuningSpace(mlir::ModuleOp module,
                                               const backend::Target &target,
                                               const CompileOptions &options,
                                               cache::KernelCache &store);

} // namespace tile::tuning

#endif // TILE_TUNING_TUNINGSPACECOMPILE_H
