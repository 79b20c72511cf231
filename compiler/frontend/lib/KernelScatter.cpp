//===- KernelScatter.cpp - Piece::scatter, and its count of dropped elements =//
//
// `out.scatter(values, index0, ..., [mask])` becomes tile.scatter. Under
// --count-dropped the frontend adds the count in the kernel's own IR: the
// elements the mask keeps whose indices fall outside the piece, summed over
// the tile, and a tile.print of the sum where it is not zero. The GPU, the
// interpreter and the cache key see it like any other code.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "clang/Basic/SourceManager.h"

using namespace tile::frontend;
using namespace mlir::tile;
using mlir::Value;

Value KernelEmitter::emitScatter(const clang::CXXMemberCallExpr *call,
                                 Value piece) {
  std::optional<llvm::SmallVector<Value>> args = emitArgs(call);
  if (!args)
    return {};
  mlir::Location at = loc(call->getExprLoc());
  // The header checked the arguments: the values, one index tile per
  // dimension, then an optional mask.
  auto pieceType = llvm::cast<PieceType>(piece.getType());
  llvm::ArrayRef<Value> indices =
      llvm::ArrayRef(*args).slice(1, pieceType.getRank());
  Value mask = args->size() > pieceType.getRank() + 1 ? args->back() : Value();
  if (countDropped)
    emitDroppedCount(call, pieceType, indices, mask, at);
  ScatterOp::create(builder, at, piece, indices, args->front(), mask);
  return piece;
}

void KernelEmitter::emitDroppedCount(const clang::CXXMemberCallExpr *call,
                                     PieceType piece,
                                     llvm::ArrayRef<Value> indices, Value mask,
                                     mlir::Location at) {
  auto tileOf = [](Value value) {
    return llvm::cast<TileType>(value.getType());
  };
  auto boolTile =
      TileType::get(tileOf(indices.front()).getShape(), builder.getI1Type());
  auto splat = [&](TileType like, int64_t value) -> Value {
    Value scalar = mlir::arith::ConstantOp::create(
        builder, at,
        builder.getIntegerAttr(scalarType(like.getElementType()), value));
    return SplatOp::create(builder, at, like, scalar);
  };
  Value outside;
  for (auto [d, index] : llvm::enumerate(indices)) {
    TileType type = tileOf(index);
    Value below = CmpOp::create(builder, at, boolTile, CmpPredicate::lt, index,
                                splat(type, 0));
    Value past = CmpOp::create(builder, at, boolTile, CmpPredicate::ge, index,
                               splat(type, piece.getShape()[d]));
    Value either = OrOp::create(builder, at, below, past);
    outside = outside ? OrOp::create(builder, at, outside, either) : either;
  }
  if (mask)
    outside = AndOp::create(builder, at, outside, mask);
  TileType shape = tileOf(outside);
  auto counts = TileType::get(shape.getShape(), builder.getI32Type());
  Value flat = ReshapeOp::create(
      builder, at,
      TileType::get({shape.getNumElements()}, builder.getI32Type()),
      CastOp::create(builder, at, counts, outside));
  Value sum = ReduceOp::create(
      builder, at, TileType::get({1}, builder.getI32Type()),
      ReduceKindAttr::get(builder.getContext(), ReduceKind::sum), flat,
      builder.getI32IntegerAttr(0));
  Value dropped = ItemOp::create(builder, at, builder.getI32Type(), sum);
  Value any = mlir::arith::CmpIOp::create(
      builder, at, mlir::arith::CmpIPredicate::sgt, dropped,
      mlir::arith::ConstantOp::create(builder, at,
                                      builder.getI32IntegerAttr(0)));
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(
      call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  clang::PresumedLoc where = ast.getSourceManager().getPresumedLoc(
      ast.getSourceManager().getExpansionLoc(call->getExprLoc()));
  std::string label =
      (llvm::Twine(where.isValid() ? where.getFilename() : "<unknown>") + ":" +
       llvm::Twine(where.isValid() ? where.getLine() : 0) + ":" +
       llvm::Twine(where.isValid() ? where.getColumn() : 0) +
       ": scatter into " +
       (ref ? "'" + ref->getDecl()->getName().str() + "'"
            : std::string("the piece")) +
       " dropped elements outside the piece:")
          .str();
  mlir::scf::IfOp::create(builder, at, any,
                          [&](mlir::OpBuilder &b, mlir::Location loc) {
                            PrintOp::create(b, loc, label, dropped);
                            mlir::scf::YieldOp::create(b, loc);
                          });
}
