//===- CacheCommand.h - tilecc cache list|show|clear ------------*- C++ -*-===//

#ifndef TILE_TOOLS_TILECC_CACHECOMMAND_H
#define TILE_TOOLS_TILECC_CACHECOMMAND_H

#include "llvm/Support/CommandLine.h"

namespace tile::tools {

/// The `cache` subcommand of tilecc.
extern llvm::cl::SubCommand cacheCommand;

/// Runs `tilecc cache ...` once its options are parsed; returns the exit
/// code.
int runCacheCommand();

} // namespace tile::tools

#endif // TILE_TOOLS_TILECC_CACHECOMMAND_H
