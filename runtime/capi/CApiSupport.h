//===- CApiSupport.h - Shared pieces of the C interface ---------*- C++ -*-===//
//
// What the C interface's translation units share: the library handle, the
// conversion of C arguments to the runtime's, and the per-thread error that
// turns exceptions into return codes.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CAPI_CAPISUPPORT_H
#define TILE_CAPI_CAPISUPPORT_H

#include "tile/capi.h"
#include "tile/runtime/CacheReader.h"
#include "tile/runtime/KernelArg.h"

#include <exception>
#include <string>
#include <vector>

/// A verified cache entry, as tile_library_open read it.
struct tile_library {
  tile::rt::CacheEntry entry;
};

namespace tile::capi {

/// The runtime's form of `count` C arguments; throws Error on an argument
/// it cannot represent (an unknown kind, a rank out of range, an integer
/// that does not fit its type, an unknown dtype).
std::vector<rt::KernelArg> toKernelArgs(const tile_arg *args, int count);

/// Sets the calling thread's last error message.
void setLastError(std::string message);

/// Runs `body`, returning its result, or `failure` after recording the
/// message of any exception it throws.
template <class Body, class Result>
Result guarded(Body &&body, Result failure) {
  try {
    setLastError("");
    return body();
  } catch (const std::exception &e) {
    setLastError(e.what());
  } catch (...) {
    setLastError("unknown error");
  }
  return failure;
}

} // namespace tile::capi

#endif // TILE_CAPI_CAPISUPPORT_H
