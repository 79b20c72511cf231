//===- RangeFlow.cpp - The ranges of variables through a kernel -----------===//
//
// The walk carries the range of every integer variable in the order the
// kernel runs, so that an index is judged by the values it can have where
// it is used:
//
//   int v = e;  v = e;         v : range(e)
//   v += e;  ++v;  v--         v : range(v + e), range(v + 1), ...
//   &v                         v : unknown from then on (a pointer may write
//   it) if (c) A else B            A under state & c, B under state & !c; then
//                              the hull of both
//   c ? a : b                  likewise, for the value and what a and b call
//   a && b, a || b             b under what a leaves to decide; then the hull
//                              with the state where b was skipped
//   break; continue;           the state goes to the loop's exit (and a
//                              `do` loop's condition); the code after an
//                              `if` whose side always jumps runs only
//                              under the other side's state
//   return; (in the kernel)    the state goes nowhere
//   while (c) B, do B while (c) every variable the loop writes: unknown
//                              at the head; after the loop, the head
//                              under !c joined with the breaks' states
//   for (i = s; i < e; i += k) i : [s, last k-step below e]; a counter v
//                              whose every write adds a constant, in
//                              [-n, +p] per iteration: at the head
//                              v0 + [-n (N - 1), p (N - 1)] for at most N
//                              iterations; every other variable the loop
//                              writes: unknown at the head; after the loop,
//                              the hull of the state before it and after
//                              its body
//   helper(args), lambda(args) the body walked at the call: a reference
//                              parameter names the variable passed, a
//                              by-copy capture the range it had where the
//                              lambda was made; the call's value is the
//                              range of its return statement
//
// A reference names the variable it is bound to: every write through it is
// a write of that variable (AssignedVariables.h).
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/CountedLoop.h"
#include "tile/Safety/Jumps.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace tile::safety;

const clang::VarDecl *
KernelChecker::resolveVariable(const clang::VarDecl *var) const {
  while (!copies.contains(var)) {
    const clang::VarDecl *target = aliases.lookup(var);
    if (!target)
      target = referencedVariable(var);
    if (target == var)
      break;
    var = target;
  }
  return var;
}

llvm::SetVector<const clang::VarDecl *>
KernelChecker::assignedIn(const clang::Stmt *stmt) const {
  return collectAssignedVariables(
      stmt, [this](const clang::VarDecl *var) { return resolveVariable(var); });
}

IndexRange KernelChecker::rangeWithin(const clang::Expr *index,
                                      const clang::Stmt *whole) {
  IndexRange range = ranges.of(index);
  llvm::SetVector<const clang::VarDecl *> written = assignedIn(whole);
  if (!written.empty() &&
      readsAny(index, written, [this](const clang::VarDecl *var) {
        return resolveVariable(var);
      }))
    return IndexRange::unknown();
  return range;
}

void KernelChecker::updateRanges(const clang::Stmt *stmt) {
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    for (const clang::Decl *decl : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl))
        if (!var->getType()->isReferenceType())
          ranges.bind(var, var->hasInit() ? ranges.of(var->getInit())
                                          : IndexRange::unknown());
    return;
  }
  // An init-capture `[n = expr]` is a variable initialized where the lambda
  // is made.
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    for (const clang::LambdaCapture &capture : lambda->captures())
      if (lambda->isInitCapture(&capture))
        if (const auto *var =
                llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar()))
          ranges.bind(var, ranges.of(var->getInit()));
    return;
  }
  if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(stmt)) {
    if (helpers.size() < 2 || !ret->getRetValue())
      return;
    IndexRange value = ranges.of(ret->getRetValue());
    std::optional<IndexRange> &result = helpers.back().result;
    result = result ? result->hull(value) : value;
    return;
  }
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
    if (op->getOpcode() == clang::UO_AddrOf) {
      if (const clang::VarDecl *var = namedVariable(op->getSubExpr()))
        ranges.escape(var);
      return;
    }
    const clang::VarDecl *var = namedVariable(op->getSubExpr());
    if (!op->isIncrementDecrementOp() || !var)
      return;
    IndexRange current = ranges.lookup(var);
    __int128 step = op->isIncrementOp() ? 1 : -1;
    ranges.bind(var, current.known
                         ? IndexRange::of(current.lo + step, current.hi + step)
                         : current);
    return;
  }
  const auto *op = llvm::dyn_cast<clang::BinaryOperator>(stmt);
  if (!op || !op->isAssignmentOp())
    return;
  const clang::VarDecl *var = namedVariable(op->getLHS());
  if (!var) {
    // `(c ? a : b) = e` may write either.
    for (const clang::VarDecl *written : assignedIn(op))
      ranges.bind(written, IndexRange::unknown());
    return;
  }
  if (op->getOpcode() == clang::BO_Assign) {
    ranges.bind(var, ranges.of(op->getRHS()));
    return;
  }
  const auto *compound = llvm::cast<clang::CompoundAssignOperator>(op);
  IndexRange current = ranges.lookup(var);
  if (!current.within(INT64_MIN, INT64_MAX))
    current = IndexRange::unknown();
  ranges.bind(var,
              ranges.apply(clang::BinaryOperator::getOpForCompoundAssignment(
                               op->getOpcode()),
                           current, ranges.operandOf(op->getRHS()),
                           compound->getComputationResultType()));
}

void KernelChecker::visitIf(const clang::IfStmt *branch) {
  visit(branch->getInit());
  visit(branch->getConditionVariableDeclStmt());
  if (branch->isConstexpr()) {
    // Instantiation chose the branch; the other is not part of the kernel.
    bool value = true;
    branch->getCond()->EvaluateAsBooleanCondition(value, ast);
    visit(value ? branch->getThen() : branch->getElse());
    return;
  }
  visitBranches(branch->getCond(), branch->getThen(), branch->getElse());
}

void KernelChecker::visitBranches(const clang::Expr *cond,
                                  const clang::Stmt *whenTrue,
                                  const clang::Stmt *whenFalse) {
  visit(cond);
  RangeState before = ranges.state();
  ranges.refine(cond, true);
  visit(whenTrue);
  RangeState afterTrue = ranges.state();
  ranges.setState(std::move(before));
  ranges.refine(cond, false);
  visit(whenFalse);
  // A side that always jumps away reaches the code after the branch only
  // through where it lands: its loop's exit (recorded at the jump) or the
  // kernel's end. A helper's `return` lands after its call, so it counts
  // only in the kernel itself.
  bool returnsEnd = helpers.size() == 1;
  if (alwaysJumps(whenFalse, returnsEnd))
    ranges.setState(std::move(afterTrue));
  else if (!alwaysJumps(whenTrue, returnsEnd))
    ranges.setState(IndexRanges::join(afterTrue, ranges.state()));
}

void KernelChecker::leaveLoop(RangeState end) {
  for (const RangeState &exit : loopExits.pop_back_val())
    end = IndexRanges::join(end, exit);
  ranges.setState(std::move(end));
}

void KernelChecker::visitWhile(const clang::Expr *cond, const clang::Stmt *body,
                               bool condFirst) {
  llvm::SetVector<const clang::VarDecl *> assigned = assignedIn(body);
  assigned.insert_range(assignedIn(cond));
  for (const clang::VarDecl *var : assigned)
    ranges.bind(var, IndexRange::unknown());
  loopExits.emplace_back();
  if (condFirst) {
    visit(cond);
    RangeState head = ranges.state();
    ranges.refine(cond, true);
    visit(body);
    ranges.setState(std::move(head));
  } else {
    visit(body);
    // A `continue` goes on to the condition.
    for (const RangeState &exit : loopExits.back())
      ranges.setState(IndexRanges::join(ranges.state(), exit));
    visit(cond);
  }
  ranges.refine(cond, false);
  leaveLoop(ranges.state());
}

void KernelChecker::visitLogical(const clang::BinaryOperator *op) {
  visit(op->getLHS());
  RangeState skipped = ranges.state();
  ranges.refine(op->getLHS(), op->getOpcode() == clang::BO_LAnd);
  visit(op->getRHS());
  ranges.setState(IndexRanges::join(skipped, ranges.state()));
}

namespace {

/// Finds how one iteration of a loop changes a variable, when every write
/// to it adds a constant outside nested loops, helpers and lambdas.
class CounterSteps : public clang::RecursiveASTVisitor<CounterSteps> {
public:
  CounterSteps(const clang::VarDecl *var, const clang::ASTContext &ast,
               VariableResolver resolve)
      : var(var), ast(ast), resolve(resolve) {}

  bool TraverseForStmt(clang::ForStmt *loop) {
    ++nestedLoops;
    bool result = RecursiveASTVisitor::TraverseForStmt(loop);
    --nestedLoops;
    return result;
  }
  /// A lambda's body runs where it is called; the call is checked below.
  bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
    for (clang::Expr *init : lambda->capture_inits())
      if (init)
        TraverseStmt(init);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    if (inlinedDefinition(call, ast.getSourceManager()) &&
        collectAssignedVariables(call, resolve).contains(var))
      counter = false;
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (!namesCounter(op->getSubExpr()))
      return writesOtherwise(op, op->getSubExpr());
    if (op->isIncrementDecrementOp())
      add(op->isIncrementOp() ? 1 : -1);
    else if (op->getOpcode() == clang::UO_AddrOf)
      counter = false;
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (!op->isAssignmentOp())
      return true;
    if (!namesCounter(op->getLHS()))
      return writesOtherwise(op, op->getLHS());
    // v += c, v -= c, and v = v + c, v = c + v, v = v - c.
    const clang::Expr *step = op->getRHS();
    bool adds = op->getOpcode() == clang::BO_AddAssign;
    bool subtracts = op->getOpcode() == clang::BO_SubAssign;
    if (op->getOpcode() == clang::BO_Assign)
      if (const auto *sum = llvm::dyn_cast<clang::BinaryOperator>(
              op->getRHS()->IgnoreParenImpCasts())) {
        bool plus = sum->getOpcode() == clang::BO_Add;
        if ((plus || sum->getOpcode() == clang::BO_Sub) &&
            namesCounter(sum->getLHS())) {
          step = sum->getRHS();
          (plus ? adds : subtracts) = true;
        } else if (plus && namesCounter(sum->getRHS())) {
          step = sum->getLHS();
          adds = true;
        }
      }
    std::optional<int64_t> constant = constantOf(step);
    if (constant && (adds || subtracts))
      add(adds ? *constant : -*constant);
    else
      counter = false;
    return true;
  }

  /// [the sum of the negative steps, the sum of the positive ones]; each
  /// step runs at most once an iteration.
  std::optional<IndexRange> step() const {
    return counter ? std::optional(IndexRange::of(down, up)) : std::nullopt;
  }

private:
  std::optional<int64_t> constantOf(const clang::Expr *expr) const {
    clang::Expr::EvalResult result;
    if (expr->isValueDependent() || !expr->EvaluateAsInt(result, ast))
      return std::nullopt;
    return result.Val.getInt().tryExtValue();
  }
  /// A write whose target is not a plain name (`(c ? v : w) += 1`) may
  /// still reach the counter: then it is no counter. Always true, to go on.
  bool writesOtherwise(const clang::Expr *write, const clang::Expr *target) {
    if (!llvm::isa<clang::DeclRefExpr>(target->IgnoreParenImpCasts()) &&
        (llvm::isa<clang::BinaryOperator>(write) ||
         llvm::cast<clang::UnaryOperator>(write)->isIncrementDecrementOp()) &&
        collectAssignedVariables(write, resolve).contains(var))
      counter = false;
    return true;
  }
  /// Whether `target` names the counter (through references too).
  bool namesCounter(const clang::Expr *target) const {
    const clang::VarDecl *written = namedVariable(target);
    return written && resolve(written) == var;
  }
  void add(__int128 step) {
    if (nestedLoops > 0)
      counter = false;
    (step < 0 ? down : up) += step;
  }

  const clang::VarDecl *var;
  const clang::ASTContext &ast;
  VariableResolver resolve;
  unsigned nestedLoops = 0;
  bool counter = true;
  __int128 down = 0, up = 0;
};

} // namespace

std::optional<IndexRange>
KernelChecker::counterStep(const clang::ForStmt *loop,
                           const clang::VarDecl *var) const {
  auto resolve = [this](const clang::VarDecl *v) { return resolveVariable(v); };
  CounterSteps steps(var, ast, resolve);
  steps.TraverseStmt(const_cast<clang::Stmt *>(loop->getBody()));
  steps.TraverseStmt(const_cast<clang::Expr *>(loop->getInc()));
  return steps.step();
}

void KernelChecker::visitFor(const clang::ForStmt *loop) {
  // Ranges hold only for the one loop form; another is one error.
  if (std::optional<LoopFormError> form =
          loopFormError(loop, ast, [this](const clang::VarDecl *v) {
            return resolveVariable(v);
          })) {
    diags.error(form->range, form->message);
    return;
  }
  visit(loop->getInit());
  CountedLoop counted = *matchCountedLoop(loop, ast);
  const clang::VarDecl *loopVar = counted.var;
  llvm::SetVector<const clang::VarDecl *> assigned =
      assignedIn(loop->getBody());
  assigned.insert_range(assignedIn(loop->getCond()));
  assigned.insert_range(assignedIn(loop->getInc()));

  // The loop variable lies in [start, last]; the loop runs at most
  // `iterations` times.
  RangeState entry = ranges.state();
  std::optional<IndexRange> varRange;
  __int128 iterations = -1;
  {
    // A bound of unknown range is bounded by its type: the loop variable
    // stays inside whatever the bound can hold.
    IndexRange start = ranges.lookup(loopVar);
    if (!start.known)
      start = typeRange(ast, loopVar->getType());
    IndexRange end = ranges.of(counted.cond->getRHS());
    if (!end.known)
      end = typeRange(ast, counted.cond->getRHS()->getType());
    if (start.known && end.known) {
      __int128 step = *counted.step;
      __int128 last =
          counted.cond->getOpcode() == clang::BO_LT ? end.hi - 1 : end.hi;
      iterations = last >= start.lo ? (last - start.lo) / step + 1 : 0;
      if (last > start.lo && start.lo == start.hi)
        last = start.lo + (last - start.lo) / step * step;
      varRange = IndexRange::of(start.lo, std::max(start.lo, last));
    }
  }

  // The state at the head of any iteration.
  for (const clang::VarDecl *var : assigned) {
    if (var == loopVar)
      continue;
    IndexRange before = ranges.lookup(var);
    std::optional<IndexRange> step =
        iterations >= 0 && before.known ? counterStep(loop, var) : std::nullopt;
    if (!step) {
      ranges.bind(var, IndexRange::unknown());
      continue;
    }
    __int128 laps = std::max<__int128>(iterations - 1, 0);
    ranges.bind(var, IndexRange::of(before.lo + step->lo * laps,
                                    before.hi + step->hi * laps));
  }
  ranges.bind(loopVar, varRange ? *varRange : IndexRange::unknown());

  visit(loop->getCond());
  // The increment, ++i or i += a constant, is the loop's own: the frontend
  // counts in 64 bits, and i is rebound at the head.
  loopExits.emplace_back();
  visit(loop->getBody());
  // After the loop: none of its iterations ran, or the last one ended,
  // at the end of its body or at a `break` or a `continue`.
  leaveLoop(IndexRanges::join(entry, ranges.state()));
}

void KernelChecker::recordCaptures(const clang::LambdaExpr *lambda) {
  auto &recorded = captures[lambda->getLambdaClass()];
  recorded.clear();
  for (const clang::LambdaCapture &capture : lambda->captures())
    if (capture.capturesVariable() &&
        capture.getCaptureKind() == clang::LCK_ByCopy &&
        !lambda->isInitCapture(&capture))
      if (const auto *var =
              llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar()))
        recorded.push_back({var, ranges.lookup(var)});
}

void KernelChecker::bindParameters(const clang::CallExpr *call,
                                   const clang::FunctionDecl *definition) {
  // Every argument's range is taken before any parameter is bound: an
  // argument may name a parameter of the same helper.
  llvm::SmallVector<std::pair<const clang::VarDecl *, IndexRange>> values;
  llvm::SmallVector<std::pair<const clang::VarDecl *, const clang::VarDecl *>>
      references;
  for (auto [param, arg] :
       llvm::zip(definition->parameters(), parameterArguments(call))) {
    const clang::VarDecl *var = namedVariable(arg);
    if (param->getType()->isReferenceType() && var)
      references.push_back({param, resolveVariable(var)});
    else
      values.push_back({param, ranges.of(arg)});
  }
  for (auto [param, value] : values) {
    aliases.erase(param);
    ranges.bind(param, value);
  }
  for (auto [param, var] : references)
    aliases[param] = var;
}
