//===- SafetyDiagnostics.cpp - Errors and notes of the analysis -----------===//

#include "SafetyDiagnostics.h"

using namespace tile::safety;

SafetyDiagnostics::SafetyDiagnostics(clang::DiagnosticsEngine &diags)
    : diags(diags) {
  errorId = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  noteId = diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
}

void SafetyDiagnostics::error(clang::SourceRange range,
                              const llvm::Twine &message) {
  ++errors;
  std::string text = message.str();
  // Each instantiation of a template, and each call of a helper, walks the
  // same code: one finding is reported once, with its notes.
  repeated = !reported.insert({range.getBegin(), text}).second;
  if (!repeated)
    diags.Report(range.getBegin(), errorId) << text << range;
}

void SafetyDiagnostics::note(clang::SourceLocation location,
                             const llvm::Twine &message) {
  if (!repeated)
    diags.Report(location, noteId) << message.str();
}

void SafetyDiagnostics::declaredHere(const clang::NamedDecl *decl,
                                     const llvm::Twine &what) {
  note(decl->getLocation(),
       "'" + decl->getName() + "' declared here" +
           (what.isTriviallyEmpty() ? llvm::Twine() : ", " + what));
}
