//===- MovedTensors.h - Moved-from tensors over a CFG -----------*- C++ -*-===//

#ifndef TILE_HOSTCHECK_MOVEDTENSORS_H
#define TILE_HOSTCHECK_MOVEDTENSORS_H

#include "OwnershipDiagnostics.h"

#include "clang/AST/Decl.h"

namespace tile::hostcheck {

/// Follows which owning variables of `function` are moved into a wrapper (a
/// partition, an atomic output) or a launch, block by block over its CFG
/// (loops and branches included), and reports each use of one that is moved
/// on some path to the use. The
/// bodies of lambdas in `function` are functions of their own; creating a
/// lambda that captures a moved variable is a use.
void checkMovedTensors(const clang::FunctionDecl *function,
                       clang::ASTContext &ast,
                       OwnershipDiagnostics &diagnostics);

} // namespace tile::hostcheck

#endif // TILE_HOSTCHECK_MOVEDTENSORS_H
