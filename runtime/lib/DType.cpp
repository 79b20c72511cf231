//===- DType.cpp - Element types of tensors -------------------------------===//

#include "tile/runtime/DType.h"
#include "tile/runtime/Error.h"

void tile::rt::detail::throwUnknownDType(std::string_view name) {
  throw Error("unknown element type '" + std::string(name) + "'");
}
