//===- Error.h - The engine's exception type --------------------*- C++ -*-===//
//
// Every failure of the Qwen3 engine's libraries (a malformed checkpoint, a
// tokenizer file it cannot read, a model it does not support) is thrown as a
// qwen3::Error whose message says which file, what was being done and what
// was wrong.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_ERROR_H
#define QWEN3_ERROR_H

#include <stdexcept>

namespace qwen3 {

/// A failure of the engine, with a message that stands on its own.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace qwen3

#endif // QWEN3_ERROR_H
