//===- ForeignCalls.cpp - Calls stay inside the kernel language -----------===//
//
// A kernel calls the operations of namespace `tile`, the members of its
// classes that kernels use, and helpers of its own source, which tilecc
// inlines and this analysis walks. Host functions, the standard library and
// functions without a visible definition are outside the language.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/DeclCXX.h"

using namespace tile::safety;

/// The C allocation functions, reported as dynamic allocation.
static bool isAllocationFunction(const clang::FunctionDecl *callee) {
  if (!callee->getIdentifier())
    return false;
  return llvm::is_contained(
      {"malloc", "calloc", "realloc", "free", "aligned_alloc"},
      callee->getName());
}

bool KernelChecker::checkCall(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (callee && isUnsafePrimitive(callee))
    return checkUnsafePrimitive(call);
  if (isKernelOperation(callee) || isTensorSizeCall(call))
    return true;
  if (const auto *method =
          llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee)) {
    clang::QualType object = ast.getCanonicalTagType(method->getParent());
    // Assigning a variable is the frontend's matter (views and pieces
    // cannot be reassigned; tiles can).
    if (method->isCopyAssignmentOperator() ||
        method->isMoveAssignmentOperator())
      return true;
    // Store and element indices are checked once their operands are walked
    // (KernelChecker::checkRanges).
    if (isKernelClass(object, "Piece"))
      return method->getName() != "store_at" ||
             checkStoreShape(llvm::cast<clang::CXXMemberCallExpr>(call));
    // A view's other accessors are host code; data() is raw access.
    if (isKernelClass(object, "View") && call->getType()->isPointerType())
      return checkRawPointer(call);
    // An atomic output's updates are its kernel operations (the frontend
    // knows which, and rejects its host accessors); data() is raw access.
    if (isKernelClass(object, "Atomic"))
      return !call->getType()->isPointerType() || checkRawPointer(call);
    // Of the 2-byte floats' members, kernels convert to float; encodings
    // are host matters.
    if (isHalfFloatClass(object)) {
      if (llvm::isa<clang::CXXConversionDecl>(method))
        return true;
      diags.error(call->getSourceRange(),
                  "'" + method->getQualifiedNameAsString() +
                      "' is host code; kernels convert 2-byte floats with "
                      "float(h) and tile::" +
                      method->getParent()->getName() + "(x) from a float");
      return false;
    }
    if (!isKernelClass(object, "View") && isKernelClass(object, "Tile"))
      return true;
  }
  if (const clang::FunctionDecl *definition =
          inlinedDefinition(call, ast.getSourceManager()))
    return checkReferenceArguments(call, definition);
  if (!checkPieceArguments(call, callee))
    return false;
  if (callee && isAllocationFunction(callee)) {
    diags.error(call->getSourceRange(),
                "dynamic allocation ('" + callee->getName() +
                    "') is not part of the kernel language; a program "
                    "holds tiles and scalars, and writes only its output "
                    "pieces");
    return false;
  }
  diags.error(call->getSourceRange(),
              "call to '" +
                  (callee ? callee->getQualifiedNameAsString()
                          : std::string("an indirect function")) +
                  "', which is not part of the kernel language");
  if (callee)
    diags.note(callee->getLocation(),
               "'" + callee->getQualifiedNameAsString() +
                   "' declared here, outside the kernel language (a host "
                   "function, the standard library, or no definition)");
  return false;
}

bool KernelChecker::checkReferenceArguments(
    const clang::CallExpr *call, const clang::FunctionDecl *definition) {
  for (auto [param, arg] :
       llvm::zip(definition->parameters(), parameterArguments(call))) {
    if (!isWrittenBack(param) || namedVariable(arg))
      continue;
    diags.error(arg->getSourceRange(),
                "the argument of non-const reference parameter '" +
                    param->getName() +
                    "' must be a variable of the kernel, which the helper "
                    "writes through it");
    diags.declaredHere(param, "");
    return false;
  }
  return true;
}
