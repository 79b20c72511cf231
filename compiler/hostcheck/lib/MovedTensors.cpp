//===- MovedTensors.cpp - Moved-from tensors over a function's CFG --------===//
//
// A forward dataflow analysis: the state before each statement maps every
// owning variable that is moved on some path to that statement to its move,
// and says whether it is moved on every path. A move into a wrapper (a
// partition, an atomic output) or a launch adds the variable; an assignment
// or a declaration removes it; any other mention of it while it is in the
// state is reported.
//
//===----------------------------------------------------------------------===//

#include "MovedTensors.h"

#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

using namespace tile::hostcheck;

namespace {

/// A variable moved on some path to a program point.
struct MovedVariable {
  OwnershipMove move;
  /// Whether it is moved on every path to the point.
  bool onEveryPath;

  bool operator==(const MovedVariable &other) const {
    return move.move == other.move.move && onEveryPath == other.onEveryPath;
  }
};

/// The moved variables at a program point, in the order they were moved.
using MovedSet = llvm::MapVector<const clang::VarDecl *, MovedVariable>;

/// The state where the paths from `from` meet.
MovedSet join(llvm::ArrayRef<const MovedSet *> from) {
  MovedSet result = *from.front();
  for (const MovedSet *other : from.drop_front()) {
    for (auto &[var, moved] : result) {
      auto found = other->find(var);
      moved.onEveryPath &= found != other->end() && found->second.onEveryPath;
    }
    for (const auto &[var, moved] : *other)
      if (!result.count(var))
        result.insert({var, MovedVariable{moved.move, false}});
  }
  return result;
}

/// The first mention of `var` in `stmt`, in source order.
const clang::DeclRefExpr *firstReference(const clang::Stmt *stmt,
                                         const clang::VarDecl *var) {
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
    if (ref->getDecl() == var)
      return ref;
  for (const clang::Stmt *child : stmt->children())
    if (child)
      if (const clang::DeclRefExpr *found = firstReference(child, var))
        return found;
  return nullptr;
}

class MovedTensors {
public:
  MovedTensors(const clang::FunctionDecl *function, clang::ASTContext &ast,
               OwnershipDiagnostics &diagnostics)
      : function(function), ast(ast), parents(function->getBody()),
        diagnostics(diagnostics) {}

  void run() {
    clang::CFG::BuildOptions options;
    options.setAllAlwaysAdd();
    // A call in a try block may throw: its catch handlers see the state
    // after it (a rejected launch gives its tensors back there).
    options.AddEHEdges = true;
    std::unique_ptr<clang::CFG> cfg =
        clang::CFG::buildCFG(function, function->getBody(), &ast, options);
    if (!cfg)
      return;
    // Clang numbers blocks from the exit up: the highest is the entry.
    for (const clang::CFGBlock *block : *cfg)
      blocks.push_back(block);
    llvm::sort(blocks, [](const clang::CFGBlock *a, const clang::CFGBlock *b) {
      return a->getBlockID() > b->getBlockID();
    });
    solve(*cfg);
    // Report from the fixpoint, in (roughly) source order.
    for (const clang::CFGBlock *block : blocks)
      if (std::optional<MovedSet> state = entryState(*block))
        transfer(*block, *state, /*report=*/true);
  }

private:
  /// Runs the transfer functions until no block's exit state changes.
  void solve(const clang::CFG &cfg) {
    exitStates.assign(cfg.getNumBlockIDs(), std::nullopt);
    bool changed = true;
    while (changed) {
      changed = false;
      for (const clang::CFGBlock *block : blocks) {
        std::optional<MovedSet> state = entryState(*block);
        if (!state)
          continue;
        transfer(*block, *state, /*report=*/false);
        std::optional<MovedSet> &exit = exitStates[block->getBlockID()];
        if (!exit || exit->size() != state->size() ||
            !llvm::equal(*exit, *state)) {
          exit = std::move(*state);
          changed = true;
        }
      }
    }
  }

  /// The state on entry to `block`; none while no path reaches it.
  std::optional<MovedSet> entryState(const clang::CFGBlock &block) const {
    if (&block == &block.getParent()->getEntry())
      return MovedSet();
    llvm::SmallVector<const MovedSet *, 4> reached;
    for (const clang::CFGBlock *pred : block.preds())
      if (pred && exitStates[pred->getBlockID()])
        reached.push_back(&*exitStates[pred->getBlockID()]);
    if (reached.empty())
      return std::nullopt;
    return join(reached);
  }

  void transfer(const clang::CFGBlock &block, MovedSet &state, bool report) {
    for (const clang::CFGElement &element : block)
      if (std::optional<clang::CFGStmt> stmt = element.getAs<clang::CFGStmt>())
        visit(stmt->getStmt(), state, report);
  }

  void visit(const clang::Stmt *stmt, MovedSet &state, bool report) {
    for (const clang::VarDecl *var : reinitializedVariables(stmt))
      state.remove_if([&](const auto &entry) { return entry.first == var; });
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt);
    const clang::VarDecl *var = ref ? owningVariable(ref) : nullptr;
    if (!var)
      return;
    Reference reference = classifyReference(ref, parents);
    switch (reference.role) {
    case ReferenceRole::Assigned:
    case ReferenceRole::ValidityCheck:
      return;
    case ReferenceRole::Use:
    case ReferenceRole::Capture:
    case ReferenceRole::MoveIntoRuntime:
      break;
    }
    auto moved = state.find(var);
    if (report && moved != state.end() &&
        reportedMoves.insert(moved->second.move.move).second) {
      // A capture is reported where the lambda's body uses the variable.
      const clang::DeclRefExpr *use = ref;
      if (reference.lambda)
        if (const clang::DeclRefExpr *inBody =
                firstReference(reference.lambda->getBody(), var))
          use = inBody;
      diagnostics.useWhileMoved(use, reference.role, var, moved->second.move,
                                moved->second.onEveryPath);
    }
    if (reference.role == ReferenceRole::MoveIntoRuntime) {
      if (moved != state.end())
        state.erase(moved);
      state.insert({var, MovedVariable{reference.move, true}});
    }
  }

  const clang::FunctionDecl *function;
  clang::ASTContext &ast;
  clang::ParentMap parents;
  OwnershipDiagnostics &diagnostics;
  /// The CFG's blocks, entry first, then roughly in source order.
  std::vector<const clang::CFGBlock *> blocks;
  /// Per block: the state on exit, once a path reaches it.
  std::vector<std::optional<MovedSet>> exitStates;
  /// Moves already reported: the first use after a move is the one to fix.
  llvm::DenseSet<const clang::Expr *> reportedMoves;
};

} // namespace

void tile::hostcheck::checkMovedTensors(const clang::FunctionDecl *function,
                                        clang::ASTContext &ast,
                                        OwnershipDiagnostics &diagnostics) {
  if (!function->hasBody())
    return;
  MovedTensors(function, ast, diagnostics).run();
}
