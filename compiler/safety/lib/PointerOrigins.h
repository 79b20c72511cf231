//===- PointerOrigins.h - Where a kernel's raw pointers point ---*- C++ -*-===//
//
// In an unsafe scope a kernel may hold raw pointers and references into
// memory. A write through one must not reach an input view, however the
// pointer travelled: through local variables, casts, pointer arithmetic,
// `?:`, helper parameters and return values, lambda captures. Each pointer
// and reference variable's sources are every value ever stored in it (its
// initializer, its assignments, the arguments bound to it as a parameter),
// over the kernel and every helper and lambda it calls; the origins of an
// expression follow those sources back to the views, the pieces and the
// local variables it may designate. What cannot be followed (a call outside
// the kernel language, a pointer without a source) is an unknown origin.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_POINTERORIGINS_H
#define TILE_SAFETY_POINTERORIGINS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace tile::safety {

/// What an expression's memory may belong to.
struct Origins {
  /// The input views it may point into.
  llvm::SetVector<const clang::ValueDecl *> views;
  /// The atomic outputs it may point into.
  llvm::SetVector<const clang::ValueDecl *> atomics;
  /// The first expression whose target could not be followed, if any.
  const clang::Expr *unknown = nullptr;
};

class PointerOrigins {
public:
  /// Collects the sources of every pointer and reference variable of
  /// `kernel` and of the helpers and lambdas it calls.
  PointerOrigins(const clang::FunctionDecl *kernel, clang::ASTContext &ast);

  /// The origins of the memory `expr` designates (an lvalue) or points to
  /// (a pointer).
  Origins of(const clang::Expr *expr) const;

private:
  void follow(const clang::Expr *expr, Origins &origins,
              llvm::SmallPtrSetImpl<const clang::VarDecl *> &seen) const;

  clang::ASTContext &ast;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Expr *, 2>>
      sources;
  /// The values helpers and lambdas return, per definition.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::Expr *, 1>>
      returns;
};

} // namespace tile::safety

#endif // TILE_SAFETY_POINTERORIGINS_H
