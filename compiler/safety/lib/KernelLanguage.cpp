//===- KernelLanguage.cpp - What belongs to the kernel language -----------===//

#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace tile::safety;

/// The namespace that directly encloses `decl`, or null.
static const clang::NamespaceDecl *enclosingNamespace(const clang::Decl *decl) {
  return llvm::dyn_cast<clang::NamespaceDecl>(
      decl->getDeclContext()->getRedeclContext());
}

/// Whether `ns` is the top-level namespace `tile`.
static bool isTileNamespace(const clang::NamespaceDecl *ns) {
  return ns && ns->getName() == "tile" &&
         ns->getParent()->getRedeclContext()->isTranslationUnit();
}

std::string tile::safety::displayName(const clang::FunctionDecl *function) {
  std::string name;
  llvm::raw_string_ostream os(name);
  function->getNameForDiagnostic(
      os, function->getASTContext().getPrintingPolicy(), /*Qualified=*/false);
  return name;
}

bool tile::safety::isKernelClass(clang::QualType type, llvm::StringRef name) {
  const auto *record =
      type.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getName() == name &&
         isTileNamespace(enclosingNamespace(record));
}

bool tile::safety::isHalfFloatClass(clang::QualType type) {
  return isKernelClass(type, "f16") || isKernelClass(type, "bf16");
}

bool tile::safety::isInputPiece(clang::QualType type) {
  if (!isKernelClass(type, "Piece"))
    return false;
  const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(
      type.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
  return spec && spec->getTemplateArgs().size() > 0 &&
         spec->getTemplateArgs()[0].getKind() ==
             clang::TemplateArgument::Type &&
         spec->getTemplateArgs()[0].getAsType().isConstQualified();
}

llvm::SmallVector<int64_t> tile::safety::kernelShape(clang::QualType type) {
  llvm::SmallVector<int64_t> shape;
  const auto *spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          type.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec)
    return shape;
  for (const clang::TemplateArgument &arg : spec->getTemplateArgs().asArray()) {
    if (arg.getKind() == clang::TemplateArgument::Integral)
      shape.push_back(arg.getAsIntegral().getSExtValue());
    else if (arg.getKind() == clang::TemplateArgument::Pack)
      for (const clang::TemplateArgument &packed : arg.pack_elements())
        shape.push_back(packed.getAsIntegral().getSExtValue());
  }
  return shape;
}

std::string tile::safety::formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t size : shape)
    text += (text.empty() ? "" : "x") + std::to_string(size);
  return text;
}

bool tile::safety::isKernelOperation(const clang::FunctionDecl *callee) {
  return callee && isTileNamespace(enclosingNamespace(callee));
}

std::optional<llvm::StringRef>
tile::safety::kernelOperationName(const clang::FunctionDecl *callee) {
  if (!isKernelOperation(callee) || !callee->getIdentifier())
    return std::nullopt;
  return callee->getName();
}

bool tile::safety::isTensorSizeCall(const clang::CallExpr *call) {
  const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
  const clang::CXXMethodDecl *method =
      member ? member->getMethodDecl() : nullptr;
  if (!method || !method->getIdentifier() || method->getName() != "size")
    return false;
  clang::QualType object = member->getImplicitObjectArgument()->getType();
  return isKernelClass(object, "View") || isKernelClass(object, "Piece") ||
         isKernelClass(object, "Atomic");
}

bool tile::safety::isUnsafePrimitive(const clang::FunctionDecl *callee) {
  if (!callee)
    return false;
  const clang::NamespaceDecl *ns = enclosingNamespace(callee);
  return ns && ns->getName() == "unsafe" &&
         isTileNamespace(llvm::dyn_cast<clang::NamespaceDecl>(
             ns->getParent()->getRedeclContext()));
}

const clang::FunctionDecl *
tile::safety::helperDefinition(const clang::FunctionDecl *callee,
                               const clang::SourceManager &sm) {
  const clang::FunctionDecl *definition = nullptr;
  if (!callee || !callee->hasBody(definition))
    return nullptr;
  if (sm.isInSystemHeader(definition->getLocation()) ||
      definition->isInStdNamespace())
    return nullptr;
  return definition;
}

const clang::FunctionDecl *
tile::safety::inlinedDefinition(const clang::CallExpr *call,
                                const clang::SourceManager &sm) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee || isKernelOperation(callee) || isUnsafePrimitive(callee) ||
      (llvm::isa<clang::CXXMethodDecl>(callee) &&
       !isLambdaCallOperator(callee)))
    return nullptr;
  return helperDefinition(callee, sm);
}

bool tile::safety::isClosureType(clang::QualType type) {
  const auto *record =
      type.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->isLambda();
}

bool tile::safety::isWrittenBack(const clang::ParmVarDecl *param) {
  clang::QualType type = param->getType();
  return type->isLValueReferenceType() &&
         !type.getNonReferenceType().isConstQualified() &&
         !isKernelClass(type, "Piece") && !isClosureType(type);
}

bool tile::safety::isLambdaCallOperator(const clang::FunctionDecl *callee) {
  const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee);
  return method && method->getParent()->isLambda() &&
         method->getOverloadedOperator() == clang::OO_Call;
}

llvm::ArrayRef<const clang::Expr *>
tile::safety::parameterArguments(const clang::CallExpr *call) {
  llvm::ArrayRef<const clang::Expr *> args(call->getArgs(), call->getNumArgs());
  if (llvm::isa<clang::CXXOperatorCallExpr>(call) &&
      llvm::isa_and_nonnull<clang::CXXMethodDecl>(call->getDirectCallee()))
    return args.drop_front();
  return args;
}
