//===- TileValues.cpp - Tiles are initialized and indexed in range --------===//
//
// Every variable gets its value where it is declared: a tile declared
// without one would be read before it is written. A reference is bound to
// a variable (or a temporary), whose writes the analysis follows. Element
// accesses of tiles (host-mode code) must use indices inside the tile.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/DeclCXX.h"

using namespace tile::safety;

bool KernelChecker::checkInitialized(const clang::VarDecl *var) {
  if (llvm::isa<clang::ParmVarDecl>(var) || !var->isLocalVarDecl())
    return true;
  const auto *construct =
      llvm::dyn_cast_or_null<clang::CXXConstructExpr>(var->getInit());
  // `Tile<float, 8> t;` runs the default constructor with nothing written;
  // `Tile<float, 8> t{};` asks for zeros.
  bool defaulted = construct && construct->getNumArgs() == 0 &&
                   construct->getParenOrBraceRange().isInvalid();
  if (var->hasInit() && !defaulted)
    return true;
  bool isTile = isKernelClass(var->getType(), "Tile");
  diags.error(var->getSourceRange(),
              "variable '" + var->getName() +
                  "' must be initialized where it is declared" +
                  (isTile ? "; a tile has no value until one is given (write "
                            "tile::full<T, S...>(0) for zeros)"
                          : ""));
  return false;
}

bool KernelChecker::checkReferenceBinding(const clang::VarDecl *var) {
  // A structured binding names parts of an object, whose writes no
  // variable of the kernel would show.
  if (llvm::isa<clang::DecompositionDecl>(var)) {
    diags.error(var->getSourceRange(),
                "structured bindings are not part of the kernel language; "
                "declare a variable for each value");
    return false;
  }
  if (bindsVariableOrTemporary(var))
    return true;
  diags.error(var->getInit()->getSourceRange(), referenceBindingError(var));
  return false;
}

void KernelChecker::checkElementAccess(const clang::CXXOperatorCallExpr *call) {
  const clang::Expr *object = call->getArg(0);
  const clang::Expr *index = call->getArg(1);
  int64_t size = 1;
  for (int64_t extent : kernelShape(object->getType()))
    size *= extent;
  IndexRange range = rangeWithin(index, call);
  if (range.within(0, size - 1))
    return;
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(object->IgnoreParenImpCasts());
  diags.error(index->getSourceRange(),
              "element index of " +
                  (ref ? "tile '" + ref->getDecl()->getName().str() + "'"
                       : std::string("a tile")) +
                  " is not provably inside its " + llvm::Twine(size) +
                  " elements: it ranges over " + range.str());
  if (ref)
    diags.declaredHere(ref->getDecl(),
                       "a tile of shape " +
                           formatShape(kernelShape(object->getType())));
}
