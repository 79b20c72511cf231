//===- AddedVocabulary.h - Tokens matched before BPE ------------*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_ADDEDVOCABULARY_H
#define QWEN3_LIB_TOKENIZER_ADDEDVOCABULARY_H

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3::detail {

/// A token of tokenizer.json's added_tokens, with its matching flags.
struct AddedToken {
  std::string content;
  int32_t id = -1;
  /// Matches only where it is not inside a word.
  bool singleWord = false;
  /// Absorbs the white space on its left or right.
  bool lstrip = false;
  bool rstrip = false;
  /// Matched in normalized text rather than raw text.
  bool normalized = false;
  /// A control token (`<|im_start|>`), as opposed to a text one.
  bool special = false;
};

/// A stretch of text: an added token (id >= 0) or text to tokenize
/// (id < 0).
struct Segment {
  std::string_view text;
  int32_t id = -1;
};

/// The added tokens, found in text before normalization and
/// pre-tokenization, leftmost first and, among those starting at the same
/// place, longest first. A token found where it may not match (a special
/// one while special tokens are not parsed, a single_word one inside a
/// word) leaves its text to the model.
class AddedVocabulary {
public:
  /// Adds `token`; its content must not be empty.
  void add(AddedToken token);

  /// Appends the segments of `text` (well-formed UTF-8) to `segments`,
  /// matching the tokens whose `normalized` flag equals `normalized`;
  /// special tokens only when `parseSpecial`.
  void split(std::string_view text, bool normalized, bool parseSpecial,
             std::vector<Segment> &segments) const;

private:
  /// Whether text[start, end) stands alone as a word: no word character
  /// right before or after it.
  static bool isSingleWord(std::string_view text, std::size_t start,
                           std::size_t end);

  std::vector<AddedToken> tokens;
  /// The tokens by their first byte, longest first.
  std::array<std::vector<uint32_t>, 256> byFirstByte;
  /// How many tokens of each `normalized` kind there are.
  std::array<std::size_t, 2> count{};
};

} // namespace qwen3::detail

#endif // QWEN3_LIB_TOKENIZER_ADDEDVOCABULARY_H
