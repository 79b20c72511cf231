//===- tile-interp.cpp - Runs tile IR on the CPU --------------------------===//
//
// Runs every kernel of a tile-IR file (tilecc --emit=tile) over a grid of
// programs and prints what each wrote into its output tensors, one line a
// kernel: "name: v0 v1 ...". scripts/differential-check.py compares these
// lines with host mode's.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/IR/TileTypes.h"
#include "tile/Interpreter/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <cmath>

namespace cl = llvm::cl;
using namespace tile::interpreter;

static cl::OptionCategory category("tile-interp options");
static cl::opt<std::string> input(cl::Positional, cl::desc("<input.mlir>"),
                                  cl::Required, cl::cat(category));
static cl::list<int64_t>
    grid("grid", cl::desc("Programs along axes 0, 1 and 2 (default 1)"),
         cl::CommaSeparated, cl::cat(category));
static cl::list<int64_t>
    extent("extent",
           cl::desc("The shape of each output tensor (default: the grid "
                    "times the piece's shape)"),
           cl::CommaSeparated, cl::cat(category));
static cl::list<std::string>
    scalars("args",
            cl::desc("The scalar arguments, in parameter order (integers, or "
                     "floats for float parameters)"),
            cl::CommaSeparated, cl::cat(category));
static cl::opt<int64_t>
    fill("fill", cl::desc("The value output tensors hold before the launch"),
         cl::init(-777), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tile-interp") << message << "\n";
  return 1;
}

/// An element as text: a float with as many digits as tell it apart from
/// its neighbours, 9 for a value that f32 holds and 17 for an f64 one; an
/// element of an unsigned type (`element`) as its unsigned value, as host
/// mode holds it.
static std::string format(const Scalar &value, mlir::Type element) {
  if (!value.isFloat && element.isUnsignedInteger()) {
    unsigned width = element.getIntOrFloatBitWidth();
    uint64_t bits = uint64_t(value.integer);
    if (width < 64)
      bits &= (uint64_t(1) << width) - 1;
    return std::to_string(bits);
  }
  if (!value.isFloat)
    return std::to_string(value.integer);
  bool single = std::isnan(value.real) ||
                double(static_cast<float>(value.real)) == value.real;
  char text[32];
  std::snprintf(text, sizeof text, single ? "%.9g" : "%.17g", value.real);
  return text;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tile-interp: runs tile IR on the CPU\n");
  mlir::MLIRContext context;
  context.loadDialect<mlir::tile::TileDialect, mlir::func::FuncDialect,
                      mlir::arith::ArithDialect, mlir::scf::SCFDialect>();
  llvm::SourceMgr sources;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(input, sources, &context);
  if (!module)
    return fail("cannot read tile IR from '" + input + "'");
  std::vector<int64_t> programs(grid.begin(), grid.end());
  if (programs.empty())
    programs.push_back(1);
  if (programs.size() > 3 ||
      llvm::any_of(programs, [](int64_t n) { return n < 1; }))
    return fail("--grid takes one to three positive counts");

  for (auto kernel : module->getOps<mlir::func::FuncOp>()) {
    if (!kernel->hasAttr("tile.kernel"))
      continue;
    std::vector<Tensor> tensors;
    std::vector<mlir::Type> elementTypes;
    std::vector<Argument> args;
    size_t nextScalar = 0;
    for (mlir::Type type : kernel.getArgumentTypes())
      if (auto piece = llvm::dyn_cast<mlir::tile::PieceType>(type)) {
        Tensor tensor;
        for (auto [d, size] : llvm::enumerate(piece.getShape()))
          tensor.shape.push_back(
              d < extent.size()
                  ? extent[d]
                  : size * (d < programs.size() ? programs[d] : 1));
        int64_t count = 1;
        for (int64_t size : tensor.shape)
          count *= size;
        tensor.elements.assign(count, Scalar::ofInt(fill));
        tensors.push_back(std::move(tensor));
        elementTypes.push_back(piece.getElementType());
      }
    size_t nextTensor = 0;
    for (mlir::Type type : kernel.getArgumentTypes()) {
      Argument arg;
      if (llvm::isa<mlir::tile::PieceType>(type)) {
        arg.tensor = &tensors[nextTensor++];
      } else {
        if (nextScalar >= scalars.size())
          return fail("kernel '" + kernel.getSymName() +
                      "' takes more scalars than --args gives");
        llvm::StringRef text = scalars[nextScalar++];
        if (llvm::isa<mlir::FloatType>(type)) {
          double value;
          if (text.getAsDouble(value))
            return fail("'" + text + "' is not a number");
          arg.scalar = Scalar::ofFloat(value);
        } else {
          // An unsigned scalar may be past INT64_MAX: its bits.
          int64_t value;
          uint64_t bits;
          if (!text.getAsInteger(10, value))
            arg.scalar = Scalar::ofInt(value);
          else if (!text.getAsInteger(10, bits))
            arg.scalar = Scalar::ofInt(int64_t(bits));
          else
            return fail("'" + text + "' is not an integer");
        }
      }
      args.push_back(arg);
    }
    if (llvm::Error error = runKernel(kernel, args, programs))
      return fail("kernel '" + kernel.getSymName() +
                  "': " + llvm::toString(std::move(error)));
    llvm::outs()
        << kernel->getAttrOfType<mlir::StringAttr>("tile.name").getValue()
        << ":";
    for (auto [tensor, element] : llvm::zip(tensors, elementTypes))
      for (const Scalar &value : tensor.elements)
        llvm::outs() << " " << format(value, element);
    llvm::outs() << "\n";
  }
  return 0;
}
