//===- HostKernel.cpp - Kernels compiled into the program, for host mode --===//

#include "tile/runtime/HostKernel.h"

#include <string_view>

using namespace tile::rt;

/// "a piece of f32", "an input_piece of i32": `param` for messages.
static std::string describe(const ParamInfo &param) {
  std::string kind = paramKindName(param.kind);
  bool vowel =
      std::string_view("aeiou").find(kind.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + kind + " of " +
         std::string(param.dtype.name());
}

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
      throw fail("parameter " + std::to_string(i) + " is " + describe(a) +
                 " in the cache, " + describe(b) + " in the program");
  }
}
