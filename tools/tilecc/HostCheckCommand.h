//===- HostCheckCommand.h - tilecc check-host -------------------*- C++ -*-===//

#ifndef TILE_TOOLS_TILECC_HOSTCHECKCOMMAND_H
#define TILE_TOOLS_TILECC_HOSTCHECKCOMMAND_H

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace tile::tools {

/// The `check-host` subcommand of tilecc.
extern llvm::cl::SubCommand hostCheckCommand;

/// Runs `tilecc check-host ...` once its options are parsed, with the
/// runtime's headers and those they include in `runtimeIncludeDirs`;
/// returns the exit code.
int runHostCheckCommand(const std::vector<std::string> &runtimeIncludeDirs);

} // namespace tile::tools

#endif // TILE_TOOLS_TILECC_HOSTCHECKCOMMAND_H
