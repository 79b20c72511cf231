//===- Utf8.cpp - UTF-8 checks, repair and NFC ----------------------------===//

#include "Utf8.h"

#include "qwen3/TokenizerError.h"

#include <cstdlib>
#include <memory>
#include <utf8proc.h>

namespace qwen3::detail {

namespace {

constexpr std::string_view replacementCharacter = "\xEF\xBF\xBD";

/// The length of the well-formed sequence that starts at `text[pos]`, or,
/// when there is none, the negated length of its maximal ill-formed
/// prefix (at least 1). A sequence cut by the end of `text` counts as
/// ill-formed.
long sequenceLength(std::string_view text, std::size_t pos) {
  auto byte = [&](std::size_t i) {
    return static_cast<unsigned char>(text[i]);
  };
  unsigned char lead = byte(pos);
  if (lead < 0x80)
    return 1;
  int length;
  // The second byte's range rules out overlong forms and surrogates.
  unsigned char low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0)
      low = 0xA0;
    else if (lead == 0xED)
      high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0)
      low = 0x90;
    else if (lead == 0xF4)
      high = 0x8F;
  } else {
    return -1;
  }
  for (int i = 1; i < length; ++i) {
    if (pos + i >= text.size())
      return -i;
    unsigned char b = byte(pos + i);
    if (b < low || b > high)
      return -i;
    low = 0x80;
    high = 0xBF;
  }
  return length;
}

} // namespace

std::optional<std::size_t> findInvalidUtf8(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    // Runs of ASCII are most text; skip them without the full check.
    if (static_cast<unsigned char>(text[pos]) < 0x80) {
      ++pos;
      continue;
    }
    long length = sequenceLength(text, pos);
    if (length < 0)
      return pos;
    pos += length;
  }
  return std::nullopt;
}

void appendLossyUtf8(std::string &out, std::string_view bytes) {
  std::size_t valid = 0;
  for (std::size_t pos = 0; pos < bytes.size();) {
    long length = sequenceLength(bytes, pos);
    if (length > 0) {
      pos += length;
      continue;
    }
    out.append(bytes.substr(valid, pos - valid));
    out.append(replacementCharacter);
    pos += -length;
    valid = pos;
  }
  out.append(bytes.substr(valid));
}

std::size_t incompleteUtf8Tail(std::string_view bytes) {
  // A character is at most 4 bytes: its start lies in the last 3.
  std::size_t first = bytes.size() > 3 ? bytes.size() - 3 : 0;
  for (std::size_t pos = first; pos < bytes.size(); ++pos) {
    unsigned char b = static_cast<unsigned char>(bytes[pos]);
    if ((b & 0xC0) == 0x80)
      continue;
    long length = sequenceLength(bytes, pos);
    // Ill-formed only because the bytes run out: more may complete it. A
    // byte that no character starts with (C0, C1, F5 to FF) is ill-formed
    // whatever follows.
    if (length < 0 && pos + -length == bytes.size() && b >= 0xC2 && b <= 0xF4)
      return bytes.size() - pos;
    return 0;
  }
  return 0;
}

char32_t nextCodePoint(std::string_view text, std::size_t &pos) {
  auto byte = [&](std::size_t i) {
    return static_cast<char32_t>(static_cast<unsigned char>(text[i]));
  };
  char32_t lead = byte(pos);
  if (lead < 0x80) {
    pos += 1;
    return lead;
  }
  if (lead < 0xE0) {
    char32_t cp = ((lead & 0x1F) << 6) | (byte(pos + 1) & 0x3F);
    pos += 2;
    return cp;
  }
  if (lead < 0xF0) {
    char32_t cp = ((lead & 0x0F) << 12) | ((byte(pos + 1) & 0x3F) << 6) |
                  (byte(pos + 2) & 0x3F);
    pos += 3;
    return cp;
  }
  char32_t cp = ((lead & 0x07) << 18) | ((byte(pos + 1) & 0x3F) << 12) |
                ((byte(pos + 2) & 0x3F) << 6) | (byte(pos + 3) & 0x3F);
  pos += 4;
  return cp;
}

std::size_t codePointStartBefore(std::string_view text, std::size_t end) {
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80)
    --start;
  return start;
}

char32_t previousCodePoint(std::string_view text, std::size_t end) {
  std::size_t start = codePointStartBefore(text, end);
  return nextCodePoint(text, start);
}

void appendUtf8(std::string &out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string toNfc(std::string_view text) {
  // Text below U+0300 is already in NFC: nothing there composes or is
  // decomposed. Most text (ASCII, Latin-1) takes this way out.
  bool simple = true;
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0xCC) {
      simple = false;
      break;
    }
  }
  if (simple)
    return std::string(text);
  utf8proc_uint8_t *mapped = nullptr;
  utf8proc_ssize_t length = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t *>(text.data()),
      static_cast<utf8proc_ssize_t>(text.size()), &mapped,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped,
                                                                &std::free);
  if (length < 0)
    throw TokenizerError(std::string("NFC normalization failed: ") +
                         utf8proc_errmsg(length));
  return std::string(reinterpret_cast<const char *>(mapped),
                     static_cast<std::size_t>(length));
}

bool isWordCharacter(char32_t cp) {
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
  case UTF8PROC_CATEGORY_LU:
  case UTF8PROC_CATEGORY_LL:
  case UTF8PROC_CATEGORY_LT:
  case UTF8PROC_CATEGORY_LM:
  case UTF8PROC_CATEGORY_LO:
  case UTF8PROC_CATEGORY_NL:
  case UTF8PROC_CATEGORY_MN:
  case UTF8PROC_CATEGORY_MC:
  case UTF8PROC_CATEGORY_ME:
  case UTF8PROC_CATEGORY_ND:
  case UTF8PROC_CATEGORY_PC:
    return true;
  default:
    break;
  }
  // The joiners, and the letters in circles and squares, symbols that
  // Unicode counts as alphabetic (the rest of its Other_Alphabetic are
  // marks).
  return cp == 0x200C || cp == 0x200D || (cp >= 0x24B6 && cp <= 0x24E9) ||
         (cp >= 0x1F130 && cp <= 0x1F149) || (cp >= 0x1F150 && cp <= 0x1F169) ||
         (cp >= 0x1F170 && cp <= 0x1F189);
}

bool isWhitespace(char32_t cp) {
  if ((cp >= 0x09 && cp <= 0x0D) || cp == 0x85 || cp == 0x2028 || cp == 0x2029)
    return true;
  return utf8proc_category(static_cast<utf8proc_int32_t>(cp)) ==
         UTF8PROC_CATEGORY_ZS;
}

} // namespace qwen3::detail
