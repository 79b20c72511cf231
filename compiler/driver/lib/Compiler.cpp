//===- Compiler.cpp - The pipeline behind tilecc --------------------------===//
//
// C++ -> (Clang) tile IR -> canonical tile IR, with the tuning records
// applied, then one function per output kind, on the build steps
// (BuildSteps.h) and the tuning space (compiler/tuning).
//
//===----------------------------------------------------------------------===//

#include "tile/Driver/Compiler.h"

#include "llvm/ADT/StringSet.h"

#include "LauncherHeader.h"
#include "tile/Backend/GPUPipeline.h"
#include "tile/Cache/KernelCache.h"
#include "tile/Driver/BuildSteps.h"
#include "tile/IR/TileDialect.h"
#include "tile/Tuning/TunedBuild.h"
#include "tile/Tuning/TuningRecords.h"
#include "tile/Tuning/TuningSpaceCompile.h"
#include "tilegpu/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace tile::driver;
namespace tuning = tile::tuning;

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tilecc") << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// Writes `data` to the output file, or stdout for "-" or no name.
static int writeOutput(llvm::StringRef path, llvm::StringRef data,
                       bool binary) {
  if (path.empty())
    path = "-";
  std::error_code ec;
  llvm::ToolOutputFile out(
      path, ec, binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
  if (ec)
    return fail("cannot write '" + path + "': " + ec.message());
  out.os() << data;
  out.keep();
  return 0;
}

static void registerDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::tile::TileDialect, mlir::tilegpu::TileGPUDialect,
                  mlir::func::FuncDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::NVVM::NVVMDialect>();
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  // The lowering to NVVM finds each dialect's LLVM conversion through them.
  mlir::registerAllExtensions(registry);
}

/// `tilecc --check` and `--list-unsafe`: every error compiling reports up
/// to tile IR (with --safety-only, the safety analysis alone), and the list
/// of unsafe scopes met, one line each.
static int checkOnly(const CompileOptions &options) {
  std::vector<tile::analysis::UnsafeScope> scopes;
  if (!tile::frontend::checkKernels(options.frontend, scopes,
                                    options.safetyOnly
                                        ? tile::frontend::CheckDepth::Safety
                                        : tile::frontend::CheckDepth::Frontend))
    return 1;
  if (!options.listUnsafe)
    return 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::StringSet<> listed;
  for (const tile::analysis::UnsafeScope &scope : scopes)
    if (listed.insert(scope.location + " " + scope.kernel).second)
      os << scope.location << ": unsafe scope in '" << scope.kernel
         << "': " << scope.reason << "\n";
  os << listed.size()
     << (listed.size() == 1 ? " unsafe scope\n" : " unsafe scopes\n");
  return writeOutput(options.output, text, false);
}

/// Why `options` cannot be compiled for any input, or success.
static llvm::Error checkOptions(const CompileOptions &options) {
  if (options.optLevel > 3)
    return llvm::createStringError("optimization level must be 0 to 3, found " +
                                   llvm::Twine(options.optLevel));
  if (options.embedCubin && options.emit != EmitKind::Launcher)
    return llvm::createStringError(
        "--embed-cubin embeds a cubin in a launcher header; it needs "
        "--emit=launcher");
  if ((options.checkOnly || options.listUnsafe) &&
      options.emit == EmitKind::Launcher)
    return llvm::createStringError(
        "--check and --list-unsafe generate no code; a launcher header needs "
        "the compiled kernels (leave out --check)");
  if (options.safetyOnly && !options.checkOnly && !options.listUnsafe)
    return llvm::createStringError(
        "--safety-only narrows --check and --list-unsafe; add one of them");
  if (!llvm::sys::fs::exists(options.frontend.inputPath))
    return llvm::createStringError("no such file: '" +
                                   options.frontend.inputPath + "'");
  return llvm::Error::success();
}

/// --emit=llvm and --emit=ptx: the module lowered and printed as text.
static int emitGPUText(mlir::ModuleOp module, const CompileOptions &options,
                       const tile::backend::Target &target) {
  tile::backend::PipelineOptions pipeline = pipelineOptions(options, target);
  mlir::OwningOpRef<mlir::ModuleOp> lowered = module.clone();
  if (mlir::failed(tile::backend::lowerToNVVM(*lowered, pipeline)))
    return fail("lowering to the GPU failed");
  llvm::Expected<std::string> text = tile::backend::serializeGPUModule(
      *lowered, pipeline, options.emit == EmitKind::LLVM);
  if (!text)
    return fail(text.takeError());
  return writeOutput(options.output, *text, false);
}

/// --emit=tuning-space: every configuration compiled into the cache, and
/// the space that lists them.
static int emitTuningSpace(mlir::ModuleOp module, const CompileOptions &options,
                           const tile::backend::Target &target,
                           tile::cache::KernelCache &store) {
  llvm::Expected<std::string> space =
      tuning::compileTuningSpace(module, target, options, store);
  if (!space)
    return fail(space.takeError());
  return writeOutput(options.output, *space, false);
}

/// --emit=manifest: the cache entry's metadata.
static int emitManifest(llvm::json::Object metadata,
                        const CompileOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(metadata))) << "\n";
  return writeOutput(options.output, text, false);
}

/// --emit=launcher: the typed launcher header, with the cubin given
/// --embed-cubin.
static int emitLauncher(const CompiledEntry &compiled,
                        const CompileOptions &options) {
  llvm::Expected<std::string> header = writeLauncherHeader(
      compiled.metadata, options.frontend.inputPath,
      options.embedCubin ? std::optional<llvm::StringRef>(compiled.cubin)
                         : std::nullopt);
  if (!header)
    return fail(header.takeError());
  return writeOutput(options.output, *header, false);
}

/// --emit=cubin: the cubin, written where -o says (nowhere for "-" or none:
/// the cache holds it).
static int emitCubin(const CompiledEntry &compiled,
                     const CompileOptions &options) {
  if (options.output.empty() || options.output == "-")
    return 0;
  return writeOutput(options.output, compiled.cubin, true);
}

/// The output kinds past tile IR, from the module that the frontend and the
/// tuning records made.
static int emitLowered(mlir::ModuleOp module, const CompileOptions &options,
                       const tile::backend::Target &target) {
  if (options.emit == EmitKind::LLVM || options.emit == EmitKind::PTX)
    return emitGPUText(module, options, target);
  llvm::Expected<tile::cache::KernelCache> store = openCache(options);
  if (!store)
    return fail(store.takeError());
  if (options.emit == EmitKind::TuningSpace)
    return emitTuningSpace(module, options, target, *store);
  llvm::Expected<CompiledEntry> compiled =
      compileIntoCache(module, options, target, *store);
  if (!compiled)
    return fail(compiled.takeError());
  if (options.emit == EmitKind::Manifest)
    return emitManifest(std::move(compiled->metadata), options);
  if (options.emit == EmitKind::Launcher)
    return emitLauncher(*compiled, options);
  return emitCubin(*compiled, options);
}

int tile::driver::compile(const CompileOptions &options) {
  llvm::Expected<backend::Target> target =
      backend::Target::fromArch(options.arch);
  if (!target)
    return fail(target.takeError());
  if (llvm::Error error = checkOptions(options))
    return fail(std::move(error));
  if (options.checkOnly || options.listUnsafe)
    return checkOnly(options);

  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  frontend::KernelParser parser(options.frontend);
  mlir::OwningOpRef<mlir::ModuleOp> module = parser.buildTileModule(context);
  if (!module)
    return 1;
  if (options.emit == EmitKind::Launcher &&
      llvm::none_of(
          module->getOps<mlir::func::FuncOp>(),
          [](mlir::func::FuncOp func) { return func->hasAttr("tile.kernel"); }))
    return fail("no kernels in '" + options.frontend.inputPath +
                "' to write launchers for");
  if (mlir::failed(backend::canonicalizeTileModule(*module)))
    return fail("tile-level canonicalization failed");
  if (!options.tuningRecords.empty()) {
    llvm::Expected<std::vector<tuning::TuningRecord>> records =
        tuning::readTuningRecords(options.tuningRecords);
    if (!records)
      return fail(records.takeError());
    if (llvm::Error error = tuning::applyTuningRecords(parser, module, *records,
                                                       *target, options))
      return fail(std::move(error));
  }
  if (options.emit == EmitKind::Tile)
    return writeOutput(options.output, printIR(*module, false), false);
  return emitLowered(*module, options, *target);
}
