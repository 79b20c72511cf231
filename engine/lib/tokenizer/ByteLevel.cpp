//===- ByteLevel.cpp - The byte-level alphabet of GPT-2-style BPE ---------===//

#include "ByteLevel.h"

#include "Utf8.h"

#include <array>

namespace qwen3::detail {

namespace {

/// Both directions of the mapping, built once.
struct Alphabet {
  std::array<std::string, 256> charOfByte;
  std::array<int, 324> byteOfCodePoint;

  Alphabet() {
    byteOfCodePoint.fill(-1);
    char32_t next = 256;
    for (int byte = 0; byte < 256; ++byte) {
      bool printable = (byte >= '!' && byte <= '~') ||
                       (byte >= 0xA1 && byte <= 0xAC) ||
                       (byte >= 0xAE && byte <= 0xFF);
      char32_t cp = printable ? static_cast<char32_t>(byte) : next++;
      appendUtf8(charOfByte[byte], cp);
      byteOfCodePoint[cp] = byte;
    }
  }
};

const Alphabet &alphabet() {
  static const Alphabet instance;
  return instance;
}

} // namespace

std::string_view byteLevelChar(unsigned char byte) {
  return alphabet().charOfByte[byte];
}

std::optional<std::string> fromByteLevel(std::string_view token) {
  const Alphabet &a = alphabet();
  std::string bytes;
  bytes.reserve(token.size());
  for (std::size_t pos = 0; pos < token.size();) {
    char32_t cp = nextCodePoint(token, pos);
    if (cp >= a.byteOfCodePoint.size() || a.byteOfCodePoint[cp] < 0)
      return std::nullopt;
    bytes.push_back(static_cast<char>(a.byteOfCodePoint[cp]));
  }
  return bytes;
}

std::string toByteLevel(std::string_view bytes) {
  std::string token;
  token.reserve(bytes.size() * 2);
  for (char c : bytes)
    token.append(byteLevelChar(static_cast<unsigned char>(c)));
  return token;
}

} // namespace qwen3::detail
