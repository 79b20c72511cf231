//===- Error.h - Errors of the runtime --------------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_ERROR_H
#define TILE_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>
#include <string_view>

namespace tile::rt {

/// A runtime failure. The message says what was being done and why it
/// failed; a CUDA driver failure also carries the CUDA error name.
class Error : public std::runtime_error {
public:
  /// A failure described by `message`.
  explicit Error(const std::string &message) : std::runtime_error(message) {}

  /// A CUDA driver failure: `doing` (as "cuModuleLoadData(<key>.cubin)")
  /// failed with the error `cudaName` (as cuGetErrorName gives it, a string
  /// with static storage). The message is "<doing>: <cudaName>".
  Error(const std::string &doing, const char *cudaName)
      : std::runtime_error(doing + ": " + cudaName), cudaName(cudaName) {}

  /// The CUDA error name ("CUDA_ERROR_INVALID_IMAGE"); empty unless the
  /// failure came from the CUDA driver.
  std::string_view cudaErrorName() const {
    return cudaName ? std::string_view(cudaName) : std::string_view();
  }

private:
  const char *cudaName = nullptr;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_ERROR_H
