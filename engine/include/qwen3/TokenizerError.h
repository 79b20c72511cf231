//===- TokenizerError.h - Failures of the Qwen3 tokenizer -------*- C++ -*-===//

#ifndef QWEN3_TOKENIZERERROR_H
#define QWEN3_TOKENIZERERROR_H

#include "qwen3/Error.h"

#include <string>

namespace qwen3 {

/// A tokenizer file that is missing or malformed, a configuration the
/// tokenizer does not implement, text that is not UTF-8, a token id out of
/// range, or a conversation the chat template does not cover. The message
/// names the file or the input and says what was wrong. A qwen3::Error, so
/// callers may catch all of the engine's failures at once.
class TokenizerError : public Error {
public:
  /// An error saying `message`.
  explicit TokenizerError(const std::string &message) : Error(message) {}
};

} // namespace qwen3

#endif // QWEN3_TOKENIZERERROR_H
