//===- Compiler.h - The pipeline behind tilecc ------------------*- C++ -*-===//

#ifndef TILE_DRIVER_COMPILER_H
#define TILE_DRIVER_COMPILER_H

#include "tile/Driver/CompileOptions.h"

namespace tile::driver {

/// Runs the pipeline; returns the process exit code. Errors are printed to
/// stderr as they happen.
int compile(const CompileOptions &options);

} // namespace tile::driver

#endif // TILE_DRIVER_COMPILER_H
