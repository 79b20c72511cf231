//===- Tokenizer.h - Qwen3's byte-level BPE tokenizer -----------*- C++ -*-===//

#ifndef QWEN3_TOKENIZER_H
#define QWEN3_TOKENIZER_H

#include "qwen3/TokenizerError.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3 {

/// The ids of the special tokens generation and chat formatting need.
struct SpecialTokens {
  /// `<|endoftext|>`, the end of a document; also the padding token.
  int32_t endOfText = -1;
  /// `<|im_start|>`, which opens a chat turn.
  int32_t imStart = -1;
  /// `<|im_end|>`, which closes a chat turn.
  int32_t imEnd = -1;
  /// The end-of-sequence token of tokenizer_config.json (`<|im_end|>`).
  int32_t eos = -1;
  /// The padding token of tokenizer_config.json (`<|endoftext|>`).
  int32_t pad = -1;
  /// The beginning-of-sequence token; Qwen3 has none.
  std::optional<int32_t> bos;
  /// `<think>`, which opens the model's reasoning.
  int32_t thinkStart = -1;
  /// `</think>`, which closes it.
  int32_t thinkEnd = -1;
};

/// Throws TokenizerError "<what> is not UTF-8 (bad byte at offset N)" when
/// `text` is not UTF-8, N counted in `text`: callers name their input
/// ("--prompt") so that the offset points into what the user wrote.
void requireUtf8(std::string_view text, std::string_view what);

/// The tokenizer of a Qwen3 model, as tokenizer.json describes it: added
/// tokens matched first on the raw text, then NFC normalization, a regex
/// split, byte-level mapping and BPE merges; decoding maps tokens back to
/// bytes. The ids match Hugging Face's tokenizers for the same files.
/// Immutable once loaded; copies share the tables, and every member may be
/// called from several threads at once.
class Tokenizer {
public:
  /// Reads tokenizer.json and tokenizer_config.json from the model
  /// directory `dir`; throws TokenizerError naming the file when one is
  /// missing or malformed or describes a tokenizer this one does not
  /// implement (a model other than BPE, an unknown normalizer, ...).
  static Tokenizer load(const std::filesystem::path &dir);

  /// The ids of `text`, which must be UTF-8 (TokenizerError if not). With
  /// `parseSpecial`, special tokens written in the text (`<|im_start|>`)
  /// become their ids; without, they are encoded as plain text. Added
  /// tokens that are not special (`<think>`) are matched either way, as
  /// Hugging Face's tokenizers do.
  std::vector<int32_t> encode(std::string_view text,
                              bool parseSpecial = true) const;

  /// The text of `ids`; byte sequences that are not UTF-8 (a character cut
  /// between tokens) become U+FFFD. Special tokens are left out when
  /// `skipSpecial` is set. Throws TokenizerError for an id out of range.
  std::string decode(std::span<const int32_t> ids,
                     bool skipSpecial = false) const;

  /// The id of the token written `token` in tokenizer.json (byte-level
  /// form for the model's vocabulary, such as "Ġthe"; the content for added
  /// tokens); throws TokenizerError when there is none.
  int32_t tokenId(std::string_view token) const;

  /// The id of the token written `token`, if there is one.
  std::optional<int32_t> findTokenId(std::string_view token) const;

  /// The token `id` as tokenizer.json writes it (see tokenId); throws
  /// TokenizerError for an id out of range.
  std::string_view tokenText(int32_t id) const;

  /// The bytes token `id` stands for in decoded text (not necessarily
  /// UTF-8 on its own); throws TokenizerError for an id out of range.
  std::string_view tokenBytes(int32_t id) const;

  /// Whether `id` names a token. A model's vocabulary may be larger
  /// (Qwen3 pads its embedding to 151936 rows): the ids past the
  /// tokenizer's have no text.
  bool hasToken(int32_t id) const;

  /// Whether token `id` is an added token flagged special.
  bool isSpecial(int32_t id) const;

  /// One more than the largest token id: the model's vocabulary and the
  /// added tokens (151669 for Qwen3).
  int32_t vocabSize() const;

  /// The ids of the special tokens.
  const SpecialTokens &specialTokens() const;

  /// The tables a tokenizer is made of, defined inside the library.
  struct Impl;

private:
  explicit Tokenizer(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl;
};

} // namespace qwen3

#endif // QWEN3_TOKENIZER_H
