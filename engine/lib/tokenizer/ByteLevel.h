//===- ByteLevel.h - The byte-level alphabet of GPT-2-style BPE -*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_BYTELEVEL_H
#define QWEN3_LIB_TOKENIZER_BYTELEVEL_H

#include <optional>
#include <string>
#include <string_view>

namespace qwen3::detail {

/// The character (UTF-8) that stands for `byte` in byte-level tokens:
/// printable bytes stand for themselves, the others for U+0100 onwards
/// (the space is "Ġ", U+0120).
std::string_view byteLevelChar(unsigned char byte);

/// The bytes a byte-level token such as "Ġthe" stands for, or nothing when
/// some character of `token` is outside the byte-level alphabet.
std::optional<std::string> fromByteLevel(std::string_view token);

/// `bytes` written in the byte-level alphabet.
std::string toByteLevel(std::string_view bytes);

/// The regex that the ByteLevel pre-tokenizer splits text with when its
/// use_regex is set: GPT-2's.
inline constexpr std::string_view byteLevelSplitPattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

} // namespace qwen3::detail

#endif // QWEN3_LIB_TOKENIZER_BYTELEVEL_H
