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
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <array>

using namespace tile::driver;
namespace tuning = tile::tuning;

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tilecc") << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// Writes `data` to the output file, or stdout for "-" or no name. A
/// regular file that could not be written whole is removed; a device or a
/// pipe (/dev/null) is written to, never removed.
static int writeOutput(llvm::StringRef path, llvm::StringRef data,
                       bool binary) {
  if (path.empty())
    path = "-";
  llvm::sys::fs::OpenFlags flags =
      binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text;
  bool isFile = path != "-" && (!llvm::sys::fs::exists(path) ||
                                llvm::sys::fs::is_regular_file(path));
  std::error_code ec;
  std::optional<llvm::ToolOutputFile> file;
  std::optional<llvm::raw_fd_ostream> stream;
  if (isFile)
    file.emplace(path, ec, flags);
  else
    stream.emplace(path, ec, flags);
  if (ec)
    return fail("cannot write '" + path + "': " + ec.message());
  llvm::raw_fd_ostream &os = file ? file->os() : *stream;
  os << data;
  os.flush();
  if (std::error_code error = os.error()) {
    os.clear_error();
    return fail("cannot write '" + path + "': " + error.message());
  }
  if (file)
    file->keep();
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

/// Writes one line per finding met (once, however many times its helper
/// was walked), "location: <kind> in 'kernel': text", then their count.
static void listFindings(llvm::raw_ostream &os, llvm::StringRef kind,
                         llvm::ArrayRef<std::array<std::string, 3>> findings) {
  llvm::StringSet<> listed;
  for (const auto &[location, kernel, text] : findings)
    if (listed.insert(location + " " + kernel).second)
      os << location << ": " << kind << " in '" << kernel << "': " << text
         << "\n";
  os << listed.size() << " " << kind << (listed.size() == 1 ? "\n" : "s\n");
}

/// `tilecc --check`, `--list-unsafe` and `--list-checks`: every error
/// compiling reports up to tile IR (with --safety-only, the safety analysis
/// alone), and the lists asked for: the unsafe scopes met, the checks the
/// compiler inserts.
static int checkOnly(const CompileOptions &options) {
  tile::safety::SafetyFindings findings;
  if (!tile::frontend::checkKernels(options.frontend, findings,
                                    options.safetyOnly
                                        ? tile::frontend::CheckDepth::Safety
                                        : tile::frontend::CheckDepth::Frontend))
    return 1;
  if (!options.listUnsafe && !options.listChecks)
    return 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (options.listUnsafe) {
    std::vector<std::array<std::string, 3>> scopes;
    for (const tile::safety::UnsafeScope &scope : findings.unsafeScopes)
      scopes.push_back({scope.location, scope.kernel, scope.reason});
    listFindings(os, "unsafe scope", scopes);
  }
  if (options.listChecks) {
    std::vector<std::array<std::string, 3>> checks;
    for (const tile::safety::InsertedCheck &check : findings.insertedChecks)
      checks.push_back(
          {check.location, check.kernel,
           check.what + ": elements whose indices fall outside the piece, or "
                        "past the tensor's edge, are dropped"});
    listFindings(os, "inserted check", checks);
  }
  return writeOutput(options.output, text, false);
}

/// Whether Clang reads a file of this name as C++ (a source or a header);
/// .c, .h and .cu are C, C and CUDA to it.
static bool hasCxxExtension(llvm::StringRef path) {
  return llvm::is_contained({".cpp", ".cc", ".cxx", ".c++", ".cp", ".C", ".CPP",
                             ".CXX", ".C++", ".hpp", ".hh", ".hxx", ".h++",
                             ".H"},
                            llvm::sys::path::extension(path));
}

/// Why the input file cannot be compiled, or success: it must be a regular
/// file that Clang reads as C++, by its name or by -x c++.
static llvm::Error checkInput(const tile::frontend::FrontendOptions &frontend) {
  const std::string &path = frontend.inputPath;
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status))
    return llvm::createStringError("no such file: '" + path + "'");
  if (llvm::sys::fs::is_directory(status))
    return llvm::createStringError("'" + path +
                                   "' is a directory; expected a C++ file");
  if (!llvm::sys::fs::is_regular_file(status))
    return llvm::createStringError("'" + path +
                                   "' is not a regular file; expected a C++ "
                                   "file");
  if (!frontend.language.empty() && frontend.language != "c++")
    return llvm::createStringError("-x " + frontend.language +
                                   ": tilecc compiles C++ only (-x c++)");
  if (frontend.language.empty() && !hasCxxExtension(path))
    return llvm::createStringError(
        "'" + path +
        "' is not named as a C++ file (.cpp, .cc, .cxx or .c++); rename it "
        "or pass -x c++");
  return llvm::Error::success();
}

/// Why the output cannot be written, or success: it must not be one of the
/// inputs (the same file by any path: a link, a relative path), which
/// writing would destroy.
static llvm::Error checkOutput(const CompileOptions &options) {
  if (options.output.empty() || options.output == "-")
    return llvm::Error::success();
  for (const std::string &input :
       {options.frontend.inputPath, options.tuningRecords}) {
    bool same = false;
    if (!input.empty() &&
        !llvm::sys::fs::equivalent(options.output, input, same) && same)
      return llvm::createStringError(
          "the output '" + options.output + "' is the input '" + input +
          "'; refusing to overwrite it (choose another -o)");
  }
  return llvm::Error::success();
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
  if (options.checksOnly() && options.emit == EmitKind::Launcher)
    return llvm::createStringError(
        "--check, --list-unsafe and --list-checks generate no code; a "
        "launcher header needs the compiled kernels (leave them out)");
  if (options.safetyOnly && !options.checksOnly())
    return llvm::createStringError("--safety-only narrows --check, "
                                   "--list-unsafe and --list-checks; add one "
                                   "of them");
  if (llvm::Error error = checkInput(options.frontend))
    return error;
  return checkOutput(options);
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
static int emitManifest(const tile::formats::EntryRecord &metadata,
                        const CompileOptions &options) {
  return writeOutput(options.output, tile::formats::writeEntryJson(metadata),
                     false);
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
    return emitManifest(compiled->metadata, options);
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
  if (options.checksOnly())
    return checkOnly(options);

  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  frontend::KernelParser parser(options.frontend);
  mlir::OwningOpRef<mlir::ModuleOp> module = parser.buildTileModule(context);
  if (!module)
    return 1;
  // Code for no kernels is an empty module that ptxas rejects; the tile IR
  // and the tuning space (of templates without instantiations) may be
  // empty.
  if (options.emit != EmitKind::Tile && options.emit != EmitKind::TuningSpace &&
      llvm::none_of(
          module->getOps<mlir::func::FuncOp>(),
          [](mlir::func::FuncOp func) { return func->hasAttr("tile.kernel"); }))
    return fail("no kernels in '" + options.frontend.inputPath + "' to " +
                (options.emit == EmitKind::Launcher ? "write launchers for"
                                                    : "compile"));
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
