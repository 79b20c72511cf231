//===- TuningSpaceCompile.cpp - Every configuration into the cache --------===//
//
// A configuration that the source does not instantiate is parsed from the
// source with its explicit instantiation appended. Each configuration is
// compiled alone, so that one that fails (too much shared memory, a
// static_assert) is reported in the JSON and the others still compile.
//
//===----------------------------------------------------------------------===//

#include "tile/Tuning/TuningSpaceCompile.h"
#include "TuningSpace.h"
#include "tile/Driver/BuildSteps.h"
#include "tile/formats/TuningSpace.h"

#include "mlir/IR/Diagnostics.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"

using namespace tile;
using namespace tile::tuning;
using tile::driver::CompiledEntry;

namespace {
/// Parses the source with one configuration appended, keeping Clang's
/// diagnostics as text.
class ConfigurationParser {
public:
  ConfigurationParser(const CompileOptions &options, llvm::StringRef source)
      : stream(diagnostics), printer(stream, diagnosticOptions),
        parser(withPrinter(options.frontend)), source(source) {}

  /// The module of the source with `kernel`'s configuration `config`
  /// instantiated, or null with Clang's diagnostics in `error`.
  mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &context,
                                          const TunableKernel &kernel,
                                          const TuningConfig &config,
                                          std::string &error) {
    diagnostics.clear();
    mlir::OwningOpRef<mlir::ModuleOp> module = parser.buildTileModule(
        context, source + "\n" + kernel.instantiation(config));
    if (!module)
      error = diagnostics;
    return module;
  }

private:
  frontend::FrontendOptions withPrinter(frontend::FrontendOptions options) {
    options.diagnostics = &printer;
    // One line per diagnostic, and no count of errors on stderr.
    options.extraArgs.push_back("-fno-caret-diagnostics");
    return options;
  }

  std::string diagnostics;
  llvm::raw_string_ostream stream;
  clang::DiagnosticOptions diagnosticOptions;
  clang::TextDiagnosticPrinter printer;
  frontend::KernelParser parser;
  std::string source;
};
} // namespace

/// The first line of `text`, for a one-line reason.
static std::string firstLine(llvm::StringRef text) {
  return text.trim().split('\n').first.str();
}

/// Compiles `func` alone into `store`; the entry, or why it failed.
static llvm::Expected<CompiledEntry> compileAlone(mlir::func::FuncOp func,
                                                  const backend::Target &target,
                                                  const CompileOptions &options,
                                                  cache::KernelCache &store) {
  mlir::OwningOpRef<mlir::ModuleOp> alone =
      mlir::ModuleOp::create(func.getLoc());
  alone->push_back(func.clone());
  std::string reasons;
  mlir::ScopedDiagnosticHandler capture(
      func.getContext(), [&](mlir::Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error)
          reasons += diagnostic.str() + "\n";
        return mlir::success();
      });
  llvm::Expected<CompiledEntry> entry =
      driver::compileIntoCache(*alone, options, target, store);
  if (!entry && !reasons.empty())
    return llvm::createStringError(firstLine(reasons) + " (" +
                                   llvm::toString(entry.takeError()) + ")");
  return entry;
}

llvm::Expected<std::string> tile::tuning::compileTuningSpace(
    mlir::ModuleOp module, const backend::Target &target,
    const CompileOptions &options, cache::KernelCache &store) {
  std::vector<TunableKernel> tunables = tunableKernels(module);
  if (tunables.empty())
    return llvm::createStringError(
        "no tunable kernels in '" + options.frontend.inputPath +
        "': declare a kernel template's space with TILE_TUNE");
  llvm::Expected<std::string> source =
      readKernelSource(options.frontend.inputPath);
  if (!source)
    return source.takeError();
  ConfigurationParser parser(options, *source);
  formats::TuningSpace space;
  space.compiler = driver::compilerVersion();
  space.arch = target.chip;
  space.source = options.frontend.inputPath;
  for (const TunableKernel &kernel : tunables) {
    formats::SpaceKernel described{kernel.name, kernel.spaceText(), {}, {}};
    for (const TunableKernel::Param &param : kernel.params)
      described.params.push_back(param.name);
    for (const TuningConfig &config : kernel.configurations()) {
      formats::SpaceConfig compiled;
      for (auto [param, value] : llvm::zip(kernel.params, config))
        compiled.values.emplace_back(param.name, value);
      // The source's own instantiations need no parse of their own.
      mlir::OwningOpRef<mlir::ModuleOp> parsed;
      mlir::func::FuncOp func = findInstantiation(module, kernel, config);
      std::string error;
      if (!func) {
        parsed = parser.parse(*module.getContext(), kernel, config, error);
        if (parsed && mlir::failed(backend::canonicalizeTileModule(*parsed)))
          error = "tile-level canonicalization failed";
        else if (parsed)
          func = findInstantiation(*parsed, kernel, config);
      }
      llvm::Expected<CompiledEntry> entry =
          func ? compileAlone(func, target, options, store)
               : llvm::createStringError(firstLine(error));
      if (entry) {
        compiled.name =
            func->getAttrOfType<mlir::StringAttr>("tile.name").str();
        compiled.key = entry->key;
        compiled.kernelHash = kernelHash(func, target);
      } else {
        compiled.error = llvm::toString(entry.takeError());
        llvm::errs() << "tilecc: " << kernel.name << ": configuration "
                     << kernel.configText(config)
                     << " does not compile: " << compiled.error << "\n";
      }
      described.configs.push_back(std::move(compiled));
    }
    space.kernels.push_back(std::move(described));
  }
  return formats::writeTuningSpace(space);
}
