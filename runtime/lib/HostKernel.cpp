//===- HostKernel.cpp - Kernels compiled into the program, for host mode --===//

#include "tile/runtime/HostKernel.h"

using namespace tile::rt;

void tile::rt::checkSameSignature(const KernelInfo &cached,
                                  const KernelInfo &expected) {
  auto fail = [&](const std::string &what) {
    return Error("kernel " + expected.name +
                 ": the kernel cache's metadata does not match the function "
                 "compiled into the program (" +
                 what + "); recompile the kernels with tilecc");
  };
  if (cached.params.size() != expected.params.size())
    throw fail("the cache has " + std::to_string(cached.params.size()) +
               " parameters, the function " +
               std::to_string(expected.params.size()));
  for (size_t i = 0; i < cached.params.size(); ++i) {
    const ParamInfo &a = cached.params[i], &b = expected.params[i];
    if (a.kind != b.kind || a.dtype != b.dtype || a.rank != b.rank ||
        a.tile != b.tile)
      throw fail("parameter " + std::to_string(i) + " is a " +
                 paramKindName(a.kind) + " of " + std::string(a.dtype.name()) +
                 " in the cache, a " + paramKindName(b.kind) + " of " +
                 std::string(b.dtype.name()) + " in the program");
  }
}
