//===- HostCheckCommand.cpp - tilecc check-host ---------------------------===//
//
// A subcommand rather than a flag of the kernel compiler: it reads host
// programs (several at once, without __TILECC__), not kernel files, and
// none of the compiler's code generation options apply to it.
//
//===----------------------------------------------------------------------===//

#include "HostCheckCommand.h"

#include "tile/HostCheck/HostCheck.h"

namespace cl = llvm::cl;

cl::SubCommand tile::tools::hostCheckCommand(
    "check-host",
    "Check host programs against the runtime's ownership rule: report every "
    "use of a tensor or partition variable between its move into a "
    "partition or a launch and its next assignment (docs/safety.md)");

static cl::list<std::string> inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<host file.cpp>..."),
                                    cl::sub(tile::tools::hostCheckCommand));
static cl::list<std::string>
    includeDirs("I", cl::desc("Add a directory to the include search path"),
                cl::value_desc("dir"), cl::Prefix,
                cl::sub(tile::tools::hostCheckCommand));
static cl::list<std::string>
    defines("D", cl::desc("Define a preprocessor macro (NAME or NAME=VALUE)"),
            cl::value_desc("macro"), cl::Prefix,
            cl::sub(tile::tools::hostCheckCommand));
static cl::list<std::string>
    extraArgs("extra-arg",
              cl::desc("Pass one more argument to Clang (repeatable)"),
              cl::value_desc("arg"), cl::sub(tile::tools::hostCheckCommand));

int tile::tools::runHostCheckCommand(
    const std::vector<std::string> &runtimeIncludeDirs) {
  hostcheck::HostCheckOptions options;
  options.inputPaths = inputs;
  options.includeDirs = includeDirs;
  options.defines = defines;
  options.extraArgs = extraArgs;
  options.runtimeIncludeDirs = runtimeIncludeDirs;
  options.clangResourceDir = TILE_CLANG_RESOURCE_DIR;
  return hostcheck::checkHostFiles(options) ? 0 : 1;
}
