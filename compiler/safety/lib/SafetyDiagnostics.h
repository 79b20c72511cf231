//===- SafetyDiagnostics.h - Errors and notes of the analysis ---*- C++ -*-===//

#ifndef TILE_SAFETY_SAFETYDIAGNOSTICS_H
#define TILE_SAFETY_SAFETYDIAGNOSTICS_H

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"

#include <set>
#include <string>

namespace tile::safety {

/// Reports the analysis's findings through Clang's DiagnosticsEngine, so
/// they print as `file:line:col: error: ...` with a caret under the range,
/// followed by notes at the declarations involved.
class SafetyDiagnostics {
public:
  explicit SafetyDiagnostics(clang::DiagnosticsEngine &diags);

  /// An error at `range`.
  void error(clang::SourceRange range, const llvm::Twine &message);
  /// A note at `location` that follows the last error.
  void note(clang::SourceLocation location, const llvm::Twine &message);
  /// The note "'name' declared here" (with `what` said about it) at `decl`.
  void declaredHere(const clang::NamedDecl *decl, const llvm::Twine &what);

  /// Whether an error was reported.
  bool failed() const { return errors > 0; }

private:
  clang::DiagnosticsEngine &diags;
  unsigned errorId;
  unsigned noteId;
  unsigned errors = 0;
  /// The errors reported, by location and text.
  std::set<std::pair<clang::SourceLocation, std::string>> reported;
  /// Whether the last error repeated an earlier one, whose notes were
  /// already given.
  bool repeated = false;
};

} // namespace tile::safety

#endif // TILE_SAFETY_SAFETYDIAGNOSTICS_H
