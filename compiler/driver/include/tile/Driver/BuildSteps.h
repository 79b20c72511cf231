//===- BuildSteps.h - The steps of a compile --------------------*- C++ -*-===//
//
// What every output kind and the tuning space build on: the lowering's
// options, the kernel cache, and a canonical tile module compiled into it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DRIVER_BUILDSTEPS_H
#define TILE_DRIVER_BUILDSTEPS_H

#include "tile/Backend/GPUPipeline.h"
#include "tile/Cache/KernelCache.h"
#include "tile/Driver/CompileOptions.h"

#include "mlir/IR/BuiltinOps.h"

namespace tile::driver {

/// A cache entry that a compile found or stored.
struct CompiledEntry {
  std::string key;
  std::string cubin;
  formats::EntryRecord metadata;
};

/// The tile module `op` as text, with source locations or without (as the
/// cache key covers it).
std::string printIR(mlir::Operation *op, bool withLocations);

/// The lowering's options for `options` on `target`.
backend::PipelineOptions pipelineOptions(const CompileOptions &options,
                                         const backend::Target &target);

/// The kernel cache `options` name (--cache-dir or the default).
llvm::Expected<cache::KernelCache> openCache(const CompileOptions &options);

/// The cache entry of the canonical tile module `module`: found by its key,
/// or lowered, assembled and stored.
llvm::Expected<CompiledEntry> compileIntoCache(mlir::ModuleOp module,
                                               const CompileOptions &options,
                                               const backend::Target &target,
                                               cache::KernelCache &store);

} // namespace tile::driver

#endif // TILE_DRIVER_BUILDSTEPS_H
