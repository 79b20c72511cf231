//===- HostCheck.cpp - Host code against the runtime's ownership ----------===//

#include "tile/HostCheck/HostCheck.h"

#include "MovedTensors.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

using namespace tile::hostcheck;

namespace {

/// Collects the function bodies of the main file: functions, methods,
/// template instantiations and the call operators of lambdas. Headers hold
/// the runtime and the kernels, which move tensors on purpose.
class HostFunctionFinder
    : public clang::RecursiveASTVisitor<HostFunctionFinder> {
public:
  explicit HostFunctionFinder(const clang::SourceManager &sources)
      : sources(sources) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(clang::Decl *decl) {
    if (decl && !llvm::isa<clang::TranslationUnitDecl>(decl) &&
        !inMainFile(decl->getBeginLoc()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(decl);
  }

  bool VisitFunctionDecl(clang::FunctionDecl *decl) {
    add(decl);
    return true;
  }

  bool VisitLambdaExpr(clang::LambdaExpr *lambda) {
    if (!lambda->isGenericLambda()) {
      add(lambda->getCallOperator());
      return true;
    }
    for (clang::FunctionDecl *instance :
         lambda->getDependentCallOperator()->specializations())
      add(instance);
    return true;
  }

  std::vector<const clang::FunctionDecl *> functions;

private:
  bool inMainFile(clang::SourceLocation location) const {
    return sources.isInMainFile(sources.getExpansionLoc(location));
  }

  void add(const clang::FunctionDecl *decl) {
    if (decl->doesThisDeclarationHaveABody() && !decl->isDependentContext() &&
        inMainFile(decl->getBody()->getBeginLoc()) && seen.insert(decl).second)
      functions.push_back(decl);
  }

  const clang::SourceManager &sources;
  llvm::DenseSet<const clang::FunctionDecl *> seen;
};

class HostCheckConsumer : public clang::ASTConsumer {
public:
  HostCheckConsumer(clang::CompilerInstance &compiler, bool &failed)
      : compiler(compiler), failed(failed) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    clang::DiagnosticsEngine &diags = compiler.getDiagnostics();
    if (diags.hasErrorOccurred() || !checkHostOwnership(ast, diags))
      failed = true;
  }

private:
  clang::CompilerInstance &compiler;
  bool &failed;
};

class HostCheckAction : public clang::ASTFrontendAction {
public:
  explicit HostCheckAction(bool &failed) : failed(failed) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &compiler,
                    llvm::StringRef) override {
    return std::make_unique<HostCheckConsumer>(compiler, failed);
  }

private:
  bool &failed;
};

class HostCheckActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit HostCheckActionFactory(bool &failed) : failed(failed) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<HostCheckAction>(failed);
  }

private:
  bool &failed;
};

} // namespace

bool tile::hostcheck::checkHostOwnership(clang::ASTContext &ast,
                                         clang::DiagnosticsEngine &diags) {
  HostFunctionFinder finder(ast.getSourceManager());
  finder.TraverseDecl(ast.getTranslationUnitDecl());
  OwnershipDiagnostics diagnostics(diags);
  for (const clang::FunctionDecl *function : finder.functions)
    checkMovedTensors(function, ast, diagnostics);
  return !diagnostics.failed();
}

bool tile::hostcheck::checkHostFiles(const HostCheckOptions &options) {
  // Host code as the host compiler sees it: no __TILECC__.
  std::vector<std::string> args = {"-std=c++20", "-fsyntax-only",
                                   "-resource-dir", options.clangResourceDir};
  for (const std::string &dir : options.runtimeIncludeDirs)
    args.push_back("-I" + dir);
  for (const std::string &dir : options.includeDirs)
    args.push_back("-I" + dir);
  for (const std::string &define : options.defines)
    args.push_back("-D" + define);
  llvm::append_range(args, options.extraArgs);
  clang::tooling::FixedCompilationDatabase database(".", args);
  clang::tooling::ClangTool tool(database, options.inputPaths);
  bool failed = false;
  HostCheckActionFactory factory(failed);
  return tool.run(&factory) == 0 && !failed;
}
