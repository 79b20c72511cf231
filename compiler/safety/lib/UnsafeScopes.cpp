//===- UnsafeScopes.cpp - The TILE_UNSAFE marker --------------------------===//
//
// `TILE_UNSAFE("reason") { ... }` is the statement attribute
// [[clang::annotate("tile.unsafe", "reason")]] on a block. Inside it the
// analysis admits what it cannot prove (see docs/safety.md); every scope is
// recorded with its reason for `tilecc --list-unsafe`.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "clang/AST/Attr.h"

using namespace tile::safety;

/// The annotation TILE_UNSAFE puts on its block.
static constexpr llvm::StringLiteral kUnsafeAnnotation = "tile.unsafe";

std::optional<std::string>
KernelChecker::unsafeReason(const clang::AttributedStmt *stmt) {
  for (const clang::Attr *attr : stmt->getAttrs()) {
    const auto *annotate = llvm::dyn_cast<clang::AnnotateAttr>(attr);
    if (!annotate || annotate->getAnnotation() != kUnsafeAnnotation)
      continue;
    const clang::StringLiteral *reason = nullptr;
    if (annotate->args_size() == 1)
      reason = llvm::dyn_cast<clang::StringLiteral>(
          (*annotate->args_begin())->IgnoreParenImpCasts());
    if (!reason || reason->getString().trim().empty()) {
      diags.error(annotate->getRange(),
                  "an unsafe scope must say why its code is safe: "
                  "TILE_UNSAFE(\"reason\")");
      return std::string();
    }
    return reason->getString().str();
  }
  return std::nullopt;
}

void KernelChecker::enterUnsafeScope(const clang::AttributedStmt *stmt,
                                     llvm::StringRef reason) {
  findings.unsafeScopes.push_back(
      {locationOf(stmt->getBeginLoc()), kernelName(), reason.str()});
}
