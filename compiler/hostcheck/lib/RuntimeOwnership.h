//===- RuntimeOwnership.h - What the runtime's API moves --------*- C++ -*-===//
//
// The runtime's ownership rule as the host code spells it: which variables
// own device memory (Tensor, TensorOf<T, R>, and the wrappers that own a
// tensor moved into them: Partition, AtomicOutput), which expressions move
// them into a wrapper or a launch, and which give them a new value.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_HOSTCHECK_RUNTIMEOWNERSHIP_H
#define TILE_HOSTCHECK_RUNTIMEOWNERSHIP_H

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tile::hostcheck {

/// The runtime's wrappers that own a tensor moved into them until a launch's
/// future, or a method of the wrapper, gives it back.
enum class WrapperKind {
  /// tile::rt::Partition: `std::move(y).partition({2048})`.
  Partition,
  /// tile::rt::AtomicOutput: `std::move(y).atomic()`.
  AtomicOutput,
};

/// How the runtime and the diagnostics spell a wrapper kind.
struct WrapperInfo {
  WrapperKind kind;
  /// The class, in tile::rt: `Partition`.
  llvm::StringRef record;
  /// The method of tile::rt::Tensor that moves the tensor into one:
  /// `partition`.
  llvm::StringRef maker;
  /// The wrapper's method that gives the tensor back, as messages name it:
  /// `unpartition()`.
  llvm::StringRef giveBack;
  /// What messages call one: `partition`.
  llvm::StringRef noun;
  /// The same with its article: `a partition`.
  llvm::StringRef withArticle;
};

/// The spelling of `kind`.
const WrapperInfo &wrapperInfo(WrapperKind kind);

/// The wrapper kind whose class `type` names, through references and sugar.
std::optional<WrapperKind> wrapperKindOf(clang::QualType type);

/// Whether a variable of `type` owns a runtime tensor or a wrapper of one: a
/// tile::rt::Tensor, a tile::rt::TensorOf<T, Rank>, a tile::rt::Partition or
/// a tile::rt::AtomicOutput.
bool isOwningType(clang::QualType type);

/// A variable moved into a wrapper, a launch or both.
struct OwnershipMove {
  /// The move itself: `std::move(y)`.
  const clang::Expr *move = nullptr;
  /// The wrapper made of it (`std::move(y).partition({2048})`,
  /// `Partition(std::move(y), ...)`, `std::move(y).atomic()`,
  /// `AtomicOutput(std::move(y))`), if any.
  const clang::Expr *wrapper = nullptr;
  /// The kind of `wrapper`, where there is one.
  WrapperKind wrapperKind = WrapperKind::Partition;
  /// The launch that takes it or its wrapper, if any: a call that returns
  /// a tile::rt::Future (launch, a typed kernel, gemm, a user's function) or
  /// Graph::update.
  const clang::Expr *launch = nullptr;
};

/// What an expression naming an owning variable does with it.
enum class ReferenceRole {
  /// Reads, calls, passes or moves it elsewhere: an error while it is moved.
  Use,
  /// A lambda captures it: an error while it is moved, as the lambda may
  /// run before it comes back.
  Capture,
  /// Moves it into a wrapper (a partition, an atomic output) or a launch (an
  /// error too if it is moved already).
  MoveIntoRuntime,
  /// The left side of an assignment, which gives it a new value.
  Assigned,
  /// `y.valid()`, which asks whether it was moved.
  ValidityCheck,
};

/// The role of `reference` (a DeclRefExpr to an owning variable) and, for
/// MoveIntoRuntime, where it goes; for Capture, the lambda.
struct Reference {
  ReferenceRole role = ReferenceRole::Use;
  OwnershipMove move;
  const clang::LambdaExpr *lambda = nullptr;
};

/// Classifies `reference` by the expressions around it.
Reference classifyReference(const clang::DeclRefExpr *reference,
                            const clang::ParentMap &parents);

/// The owning variables that `element` (one statement of a CFG block) gives
/// a new value: `y = ...`, `std::tie(a, b) = ...`, and the variables it
/// declares.
llvm::SmallVector<const clang::VarDecl *, 2>
reinitializedVariables(const clang::Stmt *element);

/// The owning local variable or parameter `expr` names, if it does.
const clang::VarDecl *owningVariable(const clang::Expr *expr);

} // namespace tile::hostcheck

#endif // TILE_HOSTCHECK_RUNTIMEOWNERSHIP_H
