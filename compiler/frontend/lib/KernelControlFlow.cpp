//===- KernelControlFlow.cpp - Loops, branches and mutable variables ------===//
//
// Kernel variables are SSA values rebound on assignment. A `for` loop
// becomes scf.for and an `if` becomes scf.if; the variables they assign and
// that live on after them are carried out as the region's results.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"
#include "tile/IR/TileTypes.h"
#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/CountedLoop.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace tile::frontend;
using mlir::Value;
using tile::safety::collectAssignedVariables;

Value KernelEmitter::emitAssignment(const clang::Expr *target, Value value,
                                    const clang::Expr *whole) {
  const clang::VarDecl *var = tile::safety::namedVariable(target);
  auto it = var ? values.find(resolveVariable(var)) : values.end();
  if (it == values.end()) {
    error(whole->getSourceRange(),
          "only variables of the kernel can be assigned");
    return {};
  }
  if (isa<mlir::tile::PieceType, mlir::tile::ViewType>(it->second.getType())) {
    error(whole->getSourceRange(),
          "'" + var->getName() +
              "' is a tile::Piece or tile::View; they cannot be reassigned");
    return {};
  }
  if (it->second.getType() != value.getType()) {
    error(whole->getSourceRange(), "assignment changes the variable's type");
    return {};
  }
  it->second = value;
  return value;
}

llvm::SetVector<const clang::VarDecl *>
KernelEmitter::assignedIn(const clang::Stmt *stmt) const {
  return collectAssignedVariables(
      stmt, [this](const clang::VarDecl *v) { return writtenVariable(v); });
}

Value KernelEmitter::emitCompoundAssignment(const clang::BinaryOperator *op) {
  Value current = emitExpr(op->getLHS());
  Value rhs = current ? emitExpr(op->getRHS()) : Value();
  if (!rhs)
    return {};
  mlir::Location at = loc(op->getOperatorLoc());
  // The right side may be wider (`float += int`): C++ computes in the
  // compound type and converts back.
  const auto *compound = llvm::cast<clang::CompoundAssignOperator>(op);
  mlir::Type computation =
      convertKernelTypeOf(compound->getComputationResultType());
  if (!computation) {
    error(op->getSourceRange(), "unsupported compound assignment");
    return {};
  }
  Value combined = combineScalars(
      clang::BinaryOperator::getOpForCompoundAssignment(op->getOpcode()),
      convertScalar(current, computation, at),
      convertScalar(rhs, computation, at), at, op);
  if (!combined)
    return {};
  return emitAssignment(op->getLHS(),
                        convertScalar(combined, current.getType(), at), op);
}

Value KernelEmitter::emitIncrement(const clang::UnaryOperator *op) {
  Value current = emitExpr(op->getSubExpr());
  if (!current)
    return {};
  mlir::Location at = loc(op->getOperatorLoc());
  if (!current.getType().isSignlessInteger() ||
      current.getType().isInteger(1)) {
    error(op->getSourceRange(), "++ and -- apply to integer variables");
    return {};
  }
  Value one = mlir::arith::ConstantOp::create(
      builder, at, builder.getIntegerAttr(current.getType(), 1));
  Value next =
      op->isIncrementOp()
          ? Value(mlir::arith::AddIOp::create(builder, at, current, one))
          : Value(mlir::arith::SubIOp::create(builder, at, current, one));
  if (!emitAssignment(op->getSubExpr(), next, op))
    return {};
  return op->isPrefix() ? next : current;
}

std::optional<llvm::SmallVector<Value>> KernelEmitter::emitCarryingBody(
    const clang::Stmt *body, llvm::ArrayRef<const clang::VarDecl *> carried) {
  ++controlDepth;
  bool emitted = !body || emitStmt(body);
  --controlDepth;
  if (!emitted)
    return std::nullopt;
  llvm::SmallVector<Value> results;
  for (const clang::VarDecl *var : carried)
    results.push_back(values.lookup(var));
  return results;
}

/// The variables of `assigned` that were declared before the statement:
/// those whose values must flow out of it.
static llvm::SmallVector<const clang::VarDecl *>
liveOut(const llvm::SetVector<const clang::VarDecl *> &assigned,
        const llvm::DenseMap<const clang::ValueDecl *, Value> &values) {
  llvm::SmallVector<const clang::VarDecl *> carried;
  for (const clang::VarDecl *var : assigned)
    if (values.count(var))
      carried.push_back(var);
  return carried;
}

bool KernelEmitter::emitFor(const clang::ForStmt *loop) {
  auto resolve = [this](const clang::VarDecl *v) { return writtenVariable(v); };
  if (std::optional<tile::safety::LoopFormError> form =
          tile::safety::loopFormError(loop, ast, resolve)) {
    error(form->range, form->message);
    return false;
  }
  tile::safety::CountedLoop counted =
      *tile::safety::matchCountedLoop(loop, ast);
  const clang::VarDecl *var = counted.var;
  const clang::BinaryOperator *cond = counted.cond;
  int64_t step = *counted.step;
  llvm::SetVector<const clang::VarDecl *> assigned =
      assignedIn(loop->getBody());

  mlir::Location at = loc(loop->getForLoc());
  Value start = emitExpr(var->getInit());
  Value end = start ? emitExpr(cond->getRHS()) : Value();
  if (!end)
    return false;
  mlir::Type varType = start.getType();
  end = convertScalar(end, varType, at);
  mlir::Type index = builder.getIndexType();
  Value lower = mlir::arith::IndexCastOp::create(builder, at, index, start);
  Value upper = mlir::arith::IndexCastOp::create(builder, at, index, end);
  if (cond->getOpcode() == clang::BO_LE)
    upper = mlir::arith::AddIOp::create(
        builder, at, upper,
        mlir::arith::ConstantIndexOp::create(builder, at, 1));
  Value stepValue = mlir::arith::ConstantIndexOp::create(builder, at, step);

  llvm::SmallVector<const clang::VarDecl *> carried = liveOut(assigned, values);
  llvm::SmallVector<Value> inits;
  for (const clang::VarDecl *v : carried)
    inits.push_back(values.lookup(v));
  bool failed = false;
  auto forOp = mlir::scf::ForOp::create(
      builder, at, lower, upper, stepValue, inits,
      [&](mlir::OpBuilder &, mlir::Location bodyLoc, Value iv,
          mlir::ValueRange args) {
        auto saved = values;
        values[var] =
            mlir::arith::IndexCastOp::create(builder, bodyLoc, varType, iv);
        for (auto [v, arg] : llvm::zip(carried, args))
          values[v] = arg;
        std::optional<llvm::SmallVector<Value>> results =
            emitCarryingBody(loop->getBody(), carried);
        failed = !results;
        mlir::scf::YieldOp::create(builder, bodyLoc,
                                   results ? mlir::ValueRange(*results) : args);
        values = std::move(saved);
      });
  for (auto [v, result] : llvm::zip(carried, forOp.getResults()))
    values[v] = result;
  return !failed;
}

bool KernelEmitter::emitIf(const clang::IfStmt *branch) {
  if (branch->getInit() || branch->getConditionVariable()) {
    error(branch->getSourceRange(),
          "declare variables before the `if`, not in its condition");
    return false;
  }
  if (branch->isConstexpr()) {
    // Instantiation already dropped the branch not taken.
    const clang::Stmt *taken = branch->getThen();
    bool value = false;
    if (branch->getCond()->EvaluateAsBooleanCondition(value, ast) && !value)
      taken = branch->getElse();
    return !taken || emitStmt(taken);
  }
  Value cond = emitExpr(branch->getCond());
  if (!cond)
    return false;
  mlir::Location at = loc(branch->getIfLoc());
  if (!cond.getType().isIntOrFloat()) {
    error(branch->getCond()->getSourceRange(),
          "an `if` tests a scalar; choose between tiles with tile::select");
    return false;
  }
  cond = convertScalar(cond, builder.getI1Type(), at);

  llvm::SetVector<const clang::VarDecl *> assigned =
      assignedIn(branch->getThen());
  if (branch->getElse())
    assigned.insert_range(assignedIn(branch->getElse()));
  llvm::SmallVector<const clang::VarDecl *> carried = liveOut(assigned, values);
  bool failed = false;
  auto emitSide = [&](const clang::Stmt *side) {
    return [&, side](mlir::OpBuilder &, mlir::Location sideLoc) {
      auto saved = values;
      std::optional<llvm::SmallVector<Value>> results =
          emitCarryingBody(side, carried);
      failed = failed || !results;
      llvm::SmallVector<Value> yielded;
      for (auto [i, v] : llvm::enumerate(carried))
        yielded.push_back(results ? (*results)[i] : saved.lookup(v));
      mlir::scf::YieldOp::create(builder, sideLoc, yielded);
      values = std::move(saved);
    };
  };
  auto ifOp =
      mlir::scf::IfOp::create(builder, at, cond, emitSide(branch->getThen()),
                              emitSide(branch->getElse()));
  for (auto [v, result] : llvm::zip(carried, ifOp.getResults()))
    values[v] = result;
  return !failed;
}
