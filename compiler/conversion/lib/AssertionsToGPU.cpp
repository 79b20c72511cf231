//===- AssertionsToGPU.cpp - TILE_ASSERT and tile::print on the GPU -------===//
//
// Where an assertion fails, the program's first thread reports it through
// the device's assertion (cf.assert, which the NVVM lowering turns into
// __assertfail: the message, the kernel, the file and line), and every
// thread traps after a barrier, so that no thread of the program runs on
// past it. The condition is a program's scalar, the same in all threads.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

struct AssertLowering : OpConversionPattern<AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value holds = adaptor.getCondition();
    Value fails = arith::XOrIOp::create(
        rewriter, loc, holds,
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    // The device's report names no function: the message names the kernel.
    auto kernel = op->getParentOfType<FunctionOpInterface>();
    auto name = kernel->getAttrOfType<StringAttr>("tile.name");
    std::string report =
        ("TILE_ASSERT(" + op.getText() + ") failed in " +
         (name ? name.getValue() : kernel.getName()) + ": " + op.getMessage())
            .str();
    scf::IfOp::create(rewriter, loc, fails, [&](OpBuilder &b, Location at) {
      Value thread = gpu::ThreadIdOp::create(b, at, gpu::Dimension::x);
      Value others =
          arith::CmpIOp::create(b, at, arith::CmpIPredicate::ne, thread,
                                arith::ConstantIndexOp::create(b, at, 0));
      cf::AssertOp::create(b, at, others, report);
      gpu::BarrierOp::create(b, at);
      LLVM::Trap::create(b, at);
      scf::YieldOp::create(b, at);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The program's first thread prints through the device's printf (gpu.printf,
/// vprintf after the NVVM lowering), in the format host mode uses.
struct PrintLowering : OpConversionPattern<PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    Type type = value.getType();
    // printf's arguments: floats as doubles, narrow integers as int.
    // An unsigned value (is_unsigned) prints with the unsigned conversions.
    bool isUnsigned = op.getIsUnsigned();
    const char *conversion = "%d";
    if (isa<FloatType>(type)) {
      conversion = "%g";
      if (!type.isF64())
        value =
            arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(), value);
    } else if (type.isInteger(64)) {
      conversion = isUnsigned ? "%llu" : "%lld";
    } else if (type.isInteger(32) && isUnsigned) {
      conversion = "%u";
    } else if (type.isInteger(1) ||
               (isUnsigned && type.getIntOrFloatBitWidth() < 32)) {
      value =
          arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), value);
    } else if (type.getIntOrFloatBitWidth() < 32) {
      value =
          arith::ExtSIOp::create(rewriter, loc, rewriter.getI32Type(), value);
    }
    std::string format =
        (op.getLabel() + " " + conversion + " (program %d, %d, %d)\n").str();
    Value thread = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value first =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, thread,
                              arith::ConstantIndexOp::create(rewriter, loc, 0));
    scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location at) {
      SmallVector<Value> args = {value};
      for (gpu::Dimension axis :
           {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
        args.push_back(arith::IndexCastUIOp::create(
            b, at, b.getI32Type(), gpu::BlockIdOp::create(b, at, axis)));
      gpu::PrintfOp::create(b, at, format, args);
      scf::YieldOp::create(b, at);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateAssertionsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AssertLowering, PrintLowering>(converter, patterns.getContext());
}
