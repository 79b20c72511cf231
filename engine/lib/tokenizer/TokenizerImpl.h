//===- TokenizerImpl.h - The tables behind a Tokenizer ----------*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_TOKENIZERIMPL_H
#define QWEN3_LIB_TOKENIZER_TOKENIZERIMPL_H

#include "AddedVocabulary.h"
#include "Bpe.h"
#include "RegexSplitter.h"

#include "qwen3/Tokenizer.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qwen3 {

/// A hash that lets maps keyed by std::string be searched with a
/// std::string_view, without a copy.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const {
    return std::hash<std::string_view>{}(s);
  }
};

/// What tokenizer.json and tokenizer_config.json say, in the form encoding
/// and decoding use.
struct Tokenizer::Impl {
  /// What an id is.
  enum class Kind : uint8_t { None, Model, Added, Special };

  /// By id: the token as tokenizer.json writes it, the bytes it decodes
  /// to, and its kind (None for ids nothing uses).
  std::vector<std::string> texts;
  std::vector<std::string> bytes;
  std::vector<Kind> kinds;
  /// Ids by the token as tokenizer.json writes it.
  std::unordered_map<std::string, int32_t, StringHash, std::equal_to<>> ids;

  detail::AddedVocabulary added;
  /// Whether the normalizer is NFC (else there is none).
  bool nfc = false;
  /// The pre-tokenizer's splits, applied in turn; the byte-level mapping
  /// comes last.
  std::vector<detail::RegexSplitter> splitters;
  /// Whether a word that is a token of the vocabulary as a whole is taken
  /// as it is, without merges.
  bool ignoreMerges = false;
  std::optional<detail::Bpe> bpe;

  SpecialTokens special;

  /// Appends the tokens of `text` (no added tokens in it) to `out`,
  /// splitting it with the splitters from `level` on.
  void encodePieces(std::string_view text, std::size_t level,
                    std::vector<int32_t> &out) const;
  /// Whether `id` is a token.
  bool hasToken(int32_t id) const;
  /// Throws TokenizerError unless `id` is a token.
  void checkId(int32_t id) const;
};

} // namespace qwen3

#endif // QWEN3_LIB_TOKENIZER_TOKENIZERIMPL_H
