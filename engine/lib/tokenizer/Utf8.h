//===- Utf8.h - UTF-8 checks, repair and NFC --------------------*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_UTF8_H
#define QWEN3_LIB_TOKENIZER_UTF8_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qwen3::detail {

/// The offset of the first byte of `text` that is not part of well-formed
/// UTF-8, if any.
std::optional<std::size_t> findInvalidUtf8(std::string_view text);

/// Appends `bytes` to `out`, each maximal ill-formed subsequence replaced
/// by U+FFFD, as the WHATWG decoder and Rust's from_utf8_lossy do.
void appendLossyUtf8(std::string &out, std::string_view bytes);

/// The length of the tail of `bytes` that starts a UTF-8 character but
/// does not finish it: what more bytes could still complete.
std::size_t incompleteUtf8Tail(std::string_view bytes);

/// Decodes the code point of well-formed UTF-8 at `text[pos]` and advances
/// `pos` past it.
char32_t nextCodePoint(std::string_view text, std::size_t &pos);

/// The offset of the code point of well-formed UTF-8 that ends at
/// `text[end - 1]`.
std::size_t codePointStartBefore(std::string_view text, std::size_t end);

/// Decodes the code point of well-formed UTF-8 ending at `text[end - 1]`.
char32_t previousCodePoint(std::string_view text, std::size_t end);

/// Appends the UTF-8 encoding of `cp` to `out`.
void appendUtf8(std::string &out, char32_t cp);

/// `text` (well-formed UTF-8) in Unicode Normalization Form C.
std::string toNfc(std::string_view text);

/// Whether `cp` is a word character as the regex \w with Unicode has it: a
/// letter, a mark, a decimal digit, connector punctuation ("_") or a
/// joiner. Added tokens marked single_word match only where no word
/// character touches them, as in Hugging Face's tokenizers.
bool isWordCharacter(char32_t cp);

/// Whether `cp` is white space (what added tokens marked lstrip or rstrip
/// absorb).
bool isWhitespace(char32_t cp);

} // namespace qwen3::detail

#endif // QWEN3_LIB_TOKENIZER_UTF8_H
