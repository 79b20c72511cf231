//===- StreamingDecoder.h - Incremental detokenization ----------*- C++ -*-===//

#ifndef QWEN3_STREAMINGDECODER_H
#define QWEN3_STREAMINGDECODER_H

#include "qwen3/Tokenizer.h"

#include <cstdint>
#include <string>

namespace qwen3 {

/// Turns token ids into text one at a time, as generation produces them.
/// A token may end in the middle of a multi-byte UTF-8 character (emoji
/// and CJK often span tokens): those bytes are held back until the
/// character is complete, so every piece returned is whole UTF-8. All
/// pieces and the final flush, concatenated, equal Tokenizer::decode of
/// all the ids.
class StreamingDecoder {
public:
  /// A decoder over `tokenizer`'s vocabulary (shared, not copied), leaving
  /// out special tokens when `skipSpecial` is set.
  explicit StreamingDecoder(Tokenizer tokenizer, bool skipSpecial = false);

  /// Adds token `id` and returns the text that became complete with it,
  /// possibly empty. Throws TokenizerError for an id out of range.
  std::string push(int32_t id);

  /// Returns what is still held back, with an incomplete character at the
  /// end replaced by U+FFFD, and starts over.
  std::string flush();

  /// The number of bytes held back.
  std::size_t pendingBytes() const { return pending.size(); }

private:
  Tokenizer tokenizer;
  bool skipSpecial;
  std::string pending;
};

} // namespace qwen3

#endif // QWEN3_STREAMINGDECODER_H
