//===- BuildSteps.cpp - The steps of a compile ----------------------------===//
//
// Canonical tile IR -> cache key. On a cache hit the stored cubin is used;
// otherwise tile IR -> NVVM -> PTX (LLVM NVPTX) -> cubin (ptxas), stored in
// the cache with its metadata.
//
//===----------------------------------------------------------------------===//

#include "tile/Driver/BuildSteps.h"
#include "KernelMetadata.h"
#include "tile/Backend/Ptxas.h"
#include "tile/Cache/CacheKey.h"
#include "tile/Driver/CompilerSourceHash.h"

#include "llvm/Support/WithColor.h"

using namespace tile::driver;

llvm::StringRef tile::driver::compilerVersion() { return "tilecc 0.1.0"; }

static void note(const CompileOptions &options, const llvm::Twine &message) {
  if (options.verbose)
    llvm::errs() << "tilecc: " << message << "\n";
}

std::string tile::driver::printIR(mlir::Operation *op, bool withLocations) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  if (withLocations)
    flags.enableDebugInfo();
  op->print(os, flags);
  return text;
}

/// The text a cache entry's hash covers besides the IR: the pipeline's
/// options, sorted.
static std::vector<std::string> keyOptions(const CompileOptions &options) {
  // The compiler's own sources: a tilecc whose code generation changed
  // compiles anew instead of reusing an older one's cubins.
  return {"O=" + std::to_string(options.optLevel),
          options.floatContraction ? "fp-contract=fast" : "fp-contract=off",
          "compiler-sources=" TILECC_SOURCE_HASH};
}

tile::backend::PipelineOptions
tile::driver::pipelineOptions(const CompileOptions &options,
                              const backend::Target &target) {
  return {target, options.optLevel, options.cudaRoot, options.floatContraction};
}

llvm::Expected<tile::cache::KernelCache>
tile::driver::openCache(const CompileOptions &options) {
  using tile::cache::KernelCache;
  return KernelCache::open(
      tile::formats::cacheDirectory(options.cacheDir).string());
}

llvm::Expected<CompiledEntry> tile::driver::compileIntoCache(
    mlir::ModuleOp module, const CompileOptions &options,
    const tile::backend::Target &target, tile::cache::KernelCache &store) {
  std::string key = cache::computeCacheKey(
      printIR(module, false), target.chip + target.features, compilerVersion(),
      keyOptions(options));
  cache::LookupResult found = store.lookup(key);
  if (found.status == cache::LookupStatus::Hit) {
    note(options, "cache hit " + key + " in " + store.directory());
    return CompiledEntry{key, std::move(found.cubin),
                         std::move(found.metadata)};
  }
  if (found.status == cache::LookupStatus::Corrupt)
    llvm::WithColor::warning(llvm::errs(), "tilecc")
        << "corrupt cache entry " << key << " (" << found.reason
        << "); rebuilding it\n";
  else
    note(options, "cache miss " + key);
  // The tile module stays as it is for the metadata; a copy is lowered.
  backend::PipelineOptions pipeline = pipelineOptions(options, target);
  mlir::OwningOpRef<mlir::ModuleOp> lowered = module.clone();
  if (mlir::failed(backend::lowerToNVVM(*lowered, pipeline)))
    return llvm::createStringError("lowering to the GPU failed");
  llvm::Expected<std::string> ptx =
      backend::serializeGPUModule(*lowered, pipeline, /*llvmIR=*/false);
  if (!ptx)
    return ptx.takeError();
  llvm::Expected<std::string> cubin = backend::assembleCubin(
      *ptx, target.chip, options.optLevel, options.cudaRoot, options.verbose);
  if (!cubin)
    return cubin.takeError();
  formats::EntryRecord metadata;
  metadata.compiler = compilerVersion();
  metadata.target = target.chip;
  metadata.source = options.frontend.inputPath;
  metadata.kernels = describeKernels(module, *lowered);
  llvm::Expected<formats::EntryRecord> stored =
      store.store(key, *cubin, std::move(metadata));
  if (!stored)
    return stored.takeError();
  note(options, "stored " + key + " in " + store.directory());
  return CompiledEntry{key, std::move(*cubin), std::move(*stored)};
}
