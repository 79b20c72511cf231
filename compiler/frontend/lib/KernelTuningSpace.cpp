//===- KernelTuningSpace.cpp - TILE_TUNE on a kernel template -------------===//
//
// Reads the TILE_TUNE annotations of a kernel template and records, on each
// of its instantiations, the space of configurations a tuner may try: the
// tunable template parameters with their values, and the instantiation's
// template arguments as source text, from which tilecc writes the
// instantiation of any other configuration.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"
#include "tile/IR/TileDialect.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSet.h"

using namespace tile::frontend;

/// The annotation TILE_TUNE puts on a kernel template.
static constexpr llvm::StringLiteral kTuneAnnotation = "tile.tune";

/// Source text of template argument `arg`, as an explicit instantiation
/// outside any namespace would spell it.
static std::string argumentSource(const clang::TemplateArgument &arg,
                                  const clang::ASTContext &ast) {
  clang::PrintingPolicy policy = ast.getPrintingPolicy();
  policy.FullyQualifiedName = true;
  policy.SuppressScope = false;
  policy.SuppressUnwrittenScope = true;
  std::string text;
  llvm::raw_string_ostream os(text);
  arg.print(policy, os, /*IncludeType=*/true);
  return text;
}

bool KernelEmitter::emitTuningSpace(const clang::FunctionDecl *kernel,
                                    mlir::func::FuncOp func) {
  const clang::FunctionDecl *pattern =
      kernel->getTemplateInstantiationPattern();
  const clang::FunctionDecl *annotated = pattern ? pattern : kernel;
  llvm::SmallVector<const clang::AnnotateAttr *> tunes;
  for (const auto *attr : annotated->specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation() == kTuneAnnotation)
      tunes.push_back(attr);
  if (tunes.empty())
    return true;
  const clang::FunctionTemplateDecl *primary = kernel->getPrimaryTemplate();
  const clang::TemplateArgumentList *args =
      kernel->getTemplateSpecializationArgs();
  if (!primary || !args) {
    error(tunes.front()->getRange(), "TILE_TUNE names template parameters; '" +
                                         kernel->getName() +
                                         "' is not a function template");
    return false;
  }
  const clang::TemplateParameterList *params = primary->getTemplateParameters();
  llvm::SmallVector<mlir::Attribute> tunable;
  llvm::StringSet<> named;
  for (const clang::AnnotateAttr *attr : tunes) {
    const auto *name = attr->args_size() == 0
                           ? nullptr
                           : llvm::dyn_cast<clang::StringLiteral>(
                                 (*attr->args_begin())->IgnoreParenImpCasts());
    if (!name || attr->args_size() < 2) {
      error(attr->getRange(), "TILE_TUNE takes a template parameter and at "
                              "least one value: TILE_TUNE(BM, 64, 128)");
      return false;
    }
    llvm::StringRef param = name->getString();
    std::optional<unsigned> index;
    for (unsigned i = 0; i < params->size(); ++i)
      if (params->getParam(i)->getName() == param)
        index = i;
    const auto *nonType = index
                              ? llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(
                                    params->getParam(*index))
                              : nullptr;
    if (!nonType || !nonType->getType()->isIntegralOrEnumerationType() ||
        nonType->isParameterPack()) {
      error(attr->getRange(),
            "TILE_TUNE names '" + param +
                "', which is not an integer template parameter of '" +
                primary->getName() + "'");
      return false;
    }
    if (!named.insert(param).second) {
      error(attr->getRange(),
            "TILE_TUNE gives the values of '" + param + "' twice");
      return false;
    }
    llvm::SmallVector<int64_t> values;
    for (const clang::Expr *arg :
         llvm::make_range(attr->args_begin() + 1, attr->args_end())) {
      std::optional<llvm::APSInt> value = arg->getIntegerConstantExpr(ast);
      if (!value) {
        error(arg->getSourceRange(),
              "TILE_TUNE's values of '" + param + "' are integer constants");
        return false;
      }
      if (llvm::is_contained(values, value->getExtValue())) {
        error(arg->getSourceRange(), "TILE_TUNE gives the value " +
                                         llvm::Twine(value->getExtValue()) +
                                         " of '" + param + "' twice");
        return false;
      }
      values.push_back(value->getExtValue());
    }
    tunable.push_back(builder.getDictionaryAttr({
        builder.getNamedAttr("name", builder.getStringAttr(param)),
        builder.getNamedAttr("index", builder.getI64IntegerAttr(*index)),
        builder.getNamedAttr("values", builder.getDenseI64ArrayAttr(values)),
    }));
  }
  llvm::SmallVector<mlir::Attribute> written;
  for (const clang::TemplateArgument &arg : args->asArray())
    written.push_back(builder.getStringAttr(argumentSource(arg, ast)));
  func->setAttr(
      mlir::tile::kTuneAttrName,
      builder.getDictionaryAttr({
          builder.getNamedAttr(
              "template",
              builder.getStringAttr(primary->getQualifiedNameAsString())),
          builder.getNamedAttr("args", builder.getArrayAttr(written)),
          builder.getNamedAttr("params", builder.getArrayAttr(tunable)),
      }));
  return true;
}
