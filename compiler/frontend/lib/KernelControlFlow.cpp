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
#include "tile/Safety/Jumps.h"

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
  llvm::SetVector<const clang::VarDecl *> assigned = collectAssignedVariables(
      stmt, [this](const clang::VarDecl *v) { return writtenVariable(v); });
  // A jump writes its flag.
  tile::safety::Jumps jumps = tile::safety::jumpsOut(stmt);
  if (!loops.empty() && jumps.breaks && loops.back().broke)
    assigned.insert(loops.back().broke);
  if (!loops.empty() && jumps.continues && loops.back().continued)
    assigned.insert(loops.back().continued);
  if (jumps.returns && helpers.empty() && returned)
    assigned.insert(returned);
  return assigned;
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
  bool lhsUnsigned = isUnsignedScalar(op->getLHS()->getType());
  bool computedUnsigned =
      isUnsignedScalar(compound->getComputationResultType());
  Value lhs =
      convertScalar(current, computation, at, lhsUnsigned, computedUnsigned);
  Value right = convertScalar(rhs, computation, at,
                              isUnsignedScalar(op->getRHS()->getType()),
                              computedUnsigned);
  Value combined = combineScalars(
      clang::BinaryOperator::getOpForCompoundAssignment(op->getOpcode()), lhs,
      right, at, op);
  if (!combined)
    return {};
  return emitAssignment(op->getLHS(),
                        convertScalar(combined, current.getType(), at,
                                      computedUnsigned, lhsUnsigned),
                        op);
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
    llvm::function_ref<bool()> emit,
    llvm::ArrayRef<const clang::VarDecl *> carried) {
  ++controlDepth;
  bool emitted = emit();
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

const clang::VarDecl *KernelEmitter::makeFlag(llvm::StringRef name) {
  auto *context = const_cast<clang::DeclContext *>(
      ast.getTranslationUnitDecl()->getPrimaryContext());
  return clang::VarDecl::Create(ast, context, clang::SourceLocation(),
                                clang::SourceLocation(), &ast.Idents.get(name),
                                ast.BoolTy, nullptr, clang::SC_None);
}

/// A constant i1.
static Value boolean(mlir::OpBuilder &builder, mlir::Location at, bool value) {
  return mlir::arith::ConstantIntOp::create(builder, at, value, 1);
}

Value KernelEmitter::jumpedIn(const clang::Stmt *stmt, mlir::Location at) {
  tile::safety::Jumps jumps = tile::safety::jumpsOut(stmt);
  llvm::SmallVector<const clang::VarDecl *, 3> flags;
  if (!loops.empty() && jumps.breaks)
    flags.push_back(loops.back().broke);
  if (!loops.empty() && jumps.continues)
    flags.push_back(loops.back().continued);
  if (jumps.returns && helpers.empty())
    flags.push_back(returned);
  Value any;
  for (const clang::VarDecl *flag : flags) {
    Value value = flag ? values.lookup(flag) : Value();
    if (value)
      any = any ? Value(mlir::arith::OrIOp::create(builder, at, any, value))
                : value;
  }
  return any;
}

bool KernelEmitter::emitStatements(llvm::ArrayRef<const clang::Stmt *> stmts) {
  for (auto [i, stmt] : llvm::enumerate(stmts)) {
    if (!emitStmt(stmt))
      return false;
    // Statements after a jump never run.
    if (tile::safety::alwaysJumps(stmt, /*returnsCount=*/true))
      return true;
    llvm::ArrayRef<const clang::Stmt *> rest = stmts.drop_front(i + 1);
    if (rest.empty())
      return true;
    mlir::Location at = loc(rest.front()->getBeginLoc());
    Value jumped = jumpedIn(stmt, at);
    if (!jumped)
      continue;
    llvm::SetVector<const clang::VarDecl *> assigned;
    for (const clang::Stmt *next : rest)
      assigned.insert_range(assignedIn(next));
    return emitBranches(
        at, negated(jumped, at), assigned, [&] { return emitStatements(rest); },
        nullptr);
  }
  return true;
}

void KernelEmitter::emitJump(const clang::Stmt *jump) {
  // C++ puts every `break` and `continue` in a loop, and a kernel with a
  // `return` has its flag.
  const clang::VarDecl *flag = returned;
  if (llvm::isa<clang::BreakStmt>(jump))
    flag = loops.back().broke;
  else if (llvm::isa<clang::ContinueStmt>(jump))
    flag = loops.back().continued;
  assert(flag && "a jump without its flag");
  values[flag] = boolean(builder, loc(jump->getBeginLoc()), true);
}

bool KernelEmitter::emitWhileLoop(
    mlir::Location at, llvm::ArrayRef<const clang::VarDecl *> carried,
    llvm::function_ref<Value()> cond, llvm::function_ref<bool()> body,
    bool bodyFirst) {
  llvm::SmallVector<Value> inits;
  llvm::SmallVector<mlir::Type> types;
  for (const clang::VarDecl *v : carried) {
    inits.push_back(values.lookup(v));
    types.push_back(inits.back().getType());
  }
  const clang::VarDecl *broke = loops.back().broke;
  bool failed = false;
  // Binds the carried variables to a region's arguments.
  auto enter = [&](mlir::ValueRange args) {
    for (auto [v, arg] : llvm::zip(carried, args))
      values[v] = arg;
  };
  auto emitBody = [&] {
    startIteration(at);
    failed = !emitCarryingBody(body, carried);
  };
  auto current = [&] {
    llvm::SmallVector<Value> results;
    for (const clang::VarDecl *v : carried)
      results.push_back(values.lookup(v));
    return results;
  };
  // Whether the loop goes on: its condition, unless a `break` or the
  // kernel's `return` ended the iteration.
  auto goesOn = [&]() -> Value {
    Value test = cond();
    if (!test)
      return {};
    for (const clang::VarDecl *flag : {broke, returned})
      if (flag && llvm::is_contained(carried, flag))
        test = mlir::arith::AndIOp::create(builder, at, test,
                                           negated(values.lookup(flag), at));
    return test;
  };
  auto saved = values;
  auto loop = mlir::scf::WhileOp::create(
      builder, at, types, inits,
      [&](mlir::OpBuilder &, mlir::Location, mlir::ValueRange args) {
        enter(args);
        if (bodyFirst)
          emitBody();
        Value test = failed ? Value() : goesOn();
        failed = failed || !test;
        mlir::scf::ConditionOp::create(
            builder, at, test ? test : boolean(builder, at, false),
            failed ? llvm::SmallVector<Value>(args) : current());
        values = saved;
      },
      [&](mlir::OpBuilder &, mlir::Location, mlir::ValueRange args) {
        enter(args);
        if (!bodyFirst && !failed)
          emitBody();
        mlir::scf::YieldOp::create(
            builder, at, failed ? llvm::SmallVector<Value>(args) : current());
        values = saved;
      });
  for (auto [v, result] : llvm::zip(carried, loop.getResults()))
    values[v] = result;
  return !failed;
}

/// The flags of a loop whose body is `body`: `broke` set to false before
/// it, `continued` made only (each iteration sets it).
KernelEmitter::LoopFlags KernelEmitter::enterLoop(const clang::Stmt *body,
                                                  mlir::Location at) {
  tile::safety::Jumps jumps = tile::safety::jumpsOut(body);
  LoopFlags flags;
  if (jumps.breaks) {
    flags.broke = makeFlag("break");
    values[flags.broke] = boolean(builder, at, false);
  }
  if (jumps.continues)
    flags.continued = makeFlag("continue");
  loops.push_back(flags);
  return flags;
}

void KernelEmitter::startIteration(mlir::Location at) {
  if (const clang::VarDecl *continued = loops.back().continued)
    values[continued] = boolean(builder, at, false);
}

void KernelEmitter::leaveLoop() {
  LoopFlags flags = loops.pop_back_val();
  values.erase(flags.broke);
  values.erase(flags.continued);
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

  mlir::Location at = loc(loop->getForLoc());
  Value start = emitExpr(var->getInit());
  Value end = start ? emitExpr(cond->getRHS()) : Value();
  if (!end)
    return false;
  mlir::Type varType = start.getType();
  end = convertScalar(end, varType, at);
  mlir::Type index = builder.getIndexType();
  // An unsigned counter's bounds widen with zeros (an index is 64 bits).
  Value lower, upper;
  if (isUnsignedScalar(var->getType())) {
    lower = mlir::arith::IndexCastUIOp::create(builder, at, index, start);
    upper = mlir::arith::IndexCastUIOp::create(builder, at, index, end);
  } else {
    lower = mlir::arith::IndexCastOp::create(builder, at, index, start);
    upper = mlir::arith::IndexCastOp::create(builder, at, index, end);
  }
  if (cond->getOpcode() == clang::BO_LE)
    upper = mlir::arith::AddIOp::create(
        builder, at, upper,
        mlir::arith::ConstantIndexOp::create(builder, at, 1));
  Value stepValue = mlir::arith::ConstantIndexOp::create(builder, at, step);

  LoopFlags flags = enterLoop(loop->getBody(), at);
  llvm::SmallVector<const clang::VarDecl *> carried =
      liveOut(assignedIn(loop->getBody()), values);
  bool emitted;
  // A loop that a `break` or a `return` may end early is a while loop
  // that counts in 64 bits, as scf.for does.
  if (flags.broke || (returned && llvm::is_contained(carried, returned))) {
    const clang::VarDecl *counter = makeFlag("counter");
    values[counter] = lower;
    carried.insert(carried.begin(), counter);
    emitted = emitWhileLoop(
        at, carried,
        [&]() -> Value {
          return mlir::arith::CmpIOp::create(builder, at,
                                             mlir::arith::CmpIPredicate::slt,
                                             values.lookup(counter), upper);
        },
        [&] {
          Value iv = values.lookup(counter);
          values[var] =
              mlir::arith::IndexCastOp::create(builder, at, varType, iv);
          bool ok = emitStmt(loop->getBody());
          values[counter] =
              mlir::arith::AddIOp::create(builder, at, iv, stepValue);
          return ok;
        },
        /*bodyFirst=*/false);
    values.erase(counter);
  } else {
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
          startIteration(bodyLoc);
          std::optional<llvm::SmallVector<Value>> results = emitCarryingBody(
              [&] { return emitStmt(loop->getBody()); }, carried);
          failed = !results;
          mlir::scf::YieldOp::create(
              builder, bodyLoc, results ? mlir::ValueRange(*results) : args);
          values = std::move(saved);
        });
    for (auto [v, result] : llvm::zip(carried, forOp.getResults()))
      values[v] = result;
    emitted = !failed;
  }
  leaveLoop();
  return emitted;
}

Value KernelEmitter::emitLoopCondition(const clang::Expr *cond) {
  if (!collectAssignedVariables(cond, [this](const clang::VarDecl *v) {
         return writtenVariable(v);
       }).empty()) {
    error(cond->getSourceRange(),
          "a loop condition may not assign variables; assign them in the "
          "loop's body");
    return {};
  }
  // C++ admits only scalars as conditions.
  Value test = emitExpr(cond);
  if (!test)
    return {};
  return convertScalar(test, builder.getI1Type(), loc(cond->getBeginLoc()));
}

bool KernelEmitter::emitConditionLoop(const clang::Stmt *loop,
                                      const clang::Expr *cond,
                                      const clang::Stmt *body, bool bodyFirst) {
  mlir::Location at = loc(loop->getBeginLoc());
  enterLoop(body, at);
  bool emitted = emitWhileLoop(
      at, liveOut(assignedIn(body), values),
      [&] { return emitLoopCondition(cond); }, [&] { return emitStmt(body); },
      bodyFirst);
  leaveLoop();
  return emitted;
}

bool KernelEmitter::emitBranches(
    mlir::Location at, Value cond,
    const llvm::SetVector<const clang::VarDecl *> &assigned,
    llvm::function_ref<bool()> thenSide, llvm::function_ref<bool()> elseSide) {
  llvm::SmallVector<const clang::VarDecl *> carried = liveOut(assigned, values);
  bool failed = false;
  auto emitSide = [&](llvm::function_ref<bool()> side) {
    return [&, side](mlir::OpBuilder &, mlir::Location sideLoc) {
      auto saved = values;
      std::optional<llvm::SmallVector<Value>> results =
          emitCarryingBody([&] { return !side || side(); }, carried);
      failed = failed || !results;
      llvm::SmallVector<Value> yielded;
      for (auto [i, v] : llvm::enumerate(carried))
        yielded.push_back(results ? (*results)[i] : saved.lookup(v));
      mlir::scf::YieldOp::create(builder, sideLoc, yielded);
      values = std::move(saved);
    };
  };
  auto ifOp = mlir::scf::IfOp::create(builder, at, cond, emitSide(thenSide),
                                      emitSide(elseSide));
  for (auto [v, result] : llvm::zip(carried, ifOp.getResults()))
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
  const clang::Stmt *elseStmt = branch->getElse();
  auto emitElse = [&] { return emitStmt(elseStmt); };
  return emitBranches(
      at, cond, assigned, [&] { return emitStmt(branch->getThen()); },
      elseStmt ? llvm::function_ref<bool()>(emitElse) : nullptr);
}
