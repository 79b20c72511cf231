//===- frontend_fuzzer.cpp - libFuzzer target over the kernel frontend ----===//
//
// Each input is the text of a kernel source file. The frontend parses it
// with the kernel header, runs the safety analysis, builds tile IR and
// verifies it, all in memory. Diagnostics are expected; a crash, a hang, a
// sanitizer report, or IR that fails the verifier after the frontend
// accepted the source, is a bug (docs/tilecc.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "tile/Frontend/KernelFrontend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

namespace {

/// Longer inputs only make runs slower: the seeds are all under 5 KiB.
constexpr size_t kMaxInputSize = 8192;

/// Renders Clang's diagnostics to nowhere: rendering checks the source
/// ranges they point at.
clang::TextDiagnosticPrinter &diagnosticPrinter() {
  static clang::DiagnosticOptions options;
  static clang::TextDiagnosticPrinter printer(llvm::nulls(), options);
  return printer;
}

/// The parser every input goes through: the driver's work and the header
/// lookups are done once, each parse is a fresh Clang compiler instance.
tile::frontend::KernelParser &kernelParser() {
  static tile::frontend::KernelParser parser([] {
    tile::frontend::FrontendOptions options;
    // A name no file has: the text comes from the input alone.
    options.inputPath = "/tile-fuzz/input.cpp";
    options.kernelIncludeDir = TILE_KERNEL_INCLUDE_DIR;
    options.clangResourceDir = TILE_CLANG_RESOURCE_DIR;
    // The precompiled kernel header saves parsing it for every input; the
    // limits keep pathological inputs from making single runs slow.
    options.extraArgs = {"-include-pch", TILE_KERNEL_PCH, "-ferror-limit=10",
                         "-fno-spell-checking", "-ftemplate-depth=128",
                         "-fconstexpr-depth=128", "-fconstexpr-steps=100000",
                         "-fbracket-depth=128",
                         // Keeps Clang's error count off stderr.
                         "-fno-caret-diagnostics"};
    options.diagnostics = &diagnosticPrinter();
    return options;
  }());
  return parser;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputSize)
    return -1;

  clang::TextDiagnosticPrinter &printer = diagnosticPrinter();
  printer.clear();
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module = kernelParser().buildTileModule(
      context, llvm::StringRef(reinterpret_cast<const char *>(data), size));
  // A source is either rejected with a Clang error or becomes valid IR.
  if (!module && printer.getNumErrors() == 0) {
    llvm::errs() << "no Clang error, yet no module: the verifier rejected "
                    "the frontend's IR\n";
    std::abort();
  }
  return 0;
}
