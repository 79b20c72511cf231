//===- tile_ir_fuzzer.cpp - libFuzzer target over tile IR text ------------===//
//
// Each input is the text of an MLIR module in the tile and tilegpu dialects
// (and the upstream ones their IR uses), as tile-opt reads it. It is parsed
// and verified, with the dialects' own verifiers, then printed. Diagnostics
// are expected; a crash, a hang or a sanitizer report is a bug
// (docs/tilecc.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tilegpu/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace {
/// Longer inputs only make runs slower: the seeds are all under 4 KiB.
constexpr size_t kMaxInputSize = 8192;

const mlir::DialectRegistry &dialects() {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry made;
    made.insert<mlir::tile::TileDialect, mlir::tilegpu::TileGPUDialect,
                mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                mlir::func::FuncDialect, mlir::math::MathDialect,
                mlir::scf::SCFDialect>();
    return made;
  }();
  return registry;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputSize)
    return -1;
  mlir::MLIRContext context(dialects(), mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
  // MLIR's lexer reads its buffer up to a NUL byte past the end, as files
  // that mlir-opt and tile-opt read have: the input is copied to have one.
  std::string text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, config);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  module->print(llvm::nulls());
  return 0;
}
