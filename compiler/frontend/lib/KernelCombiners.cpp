//===- KernelCombiners.cpp - tile::reduce and tile::scan with a lambda ----===//
//
// A user's combiner becomes the region of tile.reduce_with or
// tile.scan_with: a block of two element arguments, the lambda inlined on
// them, and a tile.yield of what it returns. The region computes with
// scalars only: the lambda reads what it captures but assigns none of the
// kernel's variables, and loads, stores and makes no tiles.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"
#include "tile/IR/TileOps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace tile::frontend;
using mlir::Value;
using mlir::tile::TileType;

/// Whether `region` computes with scalars only, without memory effects.
static bool isScalarCode(mlir::Region &region) {
  return !region
              .walk([](mlir::Operation *op) {
                bool scalar = mlir::isMemoryEffectFree(op) &&
                              llvm::none_of(op->getResultTypes(),
                                            llvm::IsaPred<TileType>);
                return scalar ? mlir::WalkResult::advance()
                              : mlir::WalkResult::interrupt();
              })
              .wasInterrupted();
}

Value KernelEmitter::emitCombined(const clang::CallExpr *call,
                                  llvm::StringRef name) {
  mlir::Location at = loc(call->getExprLoc());
  Value input = emitExpr(call->getArg(0));
  if (!input)
    return {};
  std::optional<Closure> closure = emitClosure(call->getArg(1));
  if (!closure)
    return {};
  // tile::reduce<Axis, T, S..., F> and tile::scan<Axis, T, S..., F>.
  const clang::TemplateArgumentList *templateArgs =
      call->getDirectCallee()->getTemplateSpecializationArgs();
  auto axis =
      static_cast<int32_t>(templateArgs->get(0).getAsIntegral().getSExtValue());
  clang::QualType element = templateArgs->get(1).getAsType();
  auto resultType = cast<TileType>(typeOf(call));
  // The combiner is scalar code: signless even for unsigned elements.
  mlir::Type elementType = mlir::tile::scalarType(resultType.getElementType());

  mlir::Operation *op;
  if (name == "reduce")
    op = mlir::tile::ReduceWithOp::create(builder, at, resultType, input, axis);
  else
    op = mlir::tile::ScanWithOp::create(builder, at, resultType, input, axis);
  mlir::Region &combiner = op->getRegion(0);
  const clang::Expr *lambda = call->getArg(1);
  auto fail = [&](const llvm::Twine &message) {
    if (!message.isTriviallyEmpty())
      error(lambda->getSourceRange(), message);
    op->erase();
    return Value();
  };
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *block = builder.createBlock(
        &combiner, {}, {elementType, elementType}, {at, at});
    auto outside = values;
    llvm::SmallVector<Value> elements(block->getArguments());
    Value combined = emitClosureCall(*closure, elements, element, lambda);
    bool assigns = llvm::any_of(outside, [&](const auto &entry) {
      return values.lookup(entry.first) != entry.second;
    });
    values = std::move(outside);
    if (!combined)
      return fail("");
    if (assigns)
      return fail("a combiner assigns none of the kernel's variables: it "
                  "returns the combination of its two arguments");
    mlir::tile::YieldOp::create(builder, at, combined);
  }
  if (!isScalarCode(combiner))
    return fail("a combiner computes with the two elements it is given: it "
                "loads, stores and makes no tiles");
  return op->getResult(0);
}
