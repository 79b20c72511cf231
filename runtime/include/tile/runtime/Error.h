//===- Error.h - Errors of the runtime --------------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_ERROR_H
#define TILE_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace tile::rt {

/// A runtime failure; the message says what was being done and why it
/// failed (with the CUDA error name for driver errors).
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_ERROR_H
