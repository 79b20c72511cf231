//===- ByteLevelTest.cpp - The byte-level alphabet of GPT-2-style BPE -----===//
//
// The characters are those of GPT-2's bytes_to_unicode table, which
// Hugging Face's ByteLevel pre-tokenizer and decoder use.
//
//===----------------------------------------------------------------------===//

#include "ByteLevel.h"
#include "RegexSplitter.h"

#include "TestSupport.h"

#include <set>

using namespace qwen3::detail;

namespace {

TEST(ByteLevel, PrintableBytesStandForThemselvesOthersForU0100Onwards) {
  struct Case {
    unsigned char byte;
    std::string_view character;
  };
  for (Case c : {
           // Printable: the byte itself.
           Case{'!', "!"},
           Case{'a', "a"},
           Case{'~', "~"},
           Case{0xA1, "\u00A1"},
           Case{0xAC, "\u00AC"},
           Case{0xAE, "\u00AE"},
           Case{0xFF, "\u00FF"},
           // The others, in byte order, from U+0100.
           Case{0x00, "\u0100"},
           Case{'\t', "\u0109"},
           Case{'\n', "\u010A"},
           Case{' ', "\u0120"},
           Case{0x7F, "\u0121"},
           Case{0x80, "\u0122"},
           Case{0xA0, "\u0142"},
           Case{0xAD, "\u0143"},
       })
    EXPECT_EQ(byteLevelChar(c.byte), c.character) << int(c.byte);
}

TEST(ByteLevel, EveryByteHasACharacterOfItsOwnThatMapsBack) {
  std::set<std::string_view> seen;
  for (int byte = 0; byte < 256; ++byte) {
    std::string_view c = byteLevelChar(static_cast<unsigned char>(byte));
    EXPECT_TRUE(seen.insert(c).second) << "byte " << byte;
    EXPECT_EQ(fromByteLevel(c), std::string(1, static_cast<char>(byte)))
        << "byte " << byte;
  }
}

TEST(ByteLevel, WritesBytesInTheAlphabet) {
  EXPECT_EQ(toByteLevel(""), "");
  EXPECT_EQ(toByteLevel(" the\n"), "\u0120the\u010A");
  // A UTF-8 character is written byte by byte: "é" is C3 A9.
  EXPECT_EQ(toByteLevel("\xC3\xA9"), "\u00C3\u00A9");
  EXPECT_EQ(toByteLevel(std::string("\0\xFF", 2)), "\u0100\u00FF");
}

TEST(ByteLevel, ReadsTokensBackToTheirBytes) {
  EXPECT_EQ(fromByteLevel(""), "");
  EXPECT_EQ(fromByteLevel("\u0120the"), " the");
  EXPECT_EQ(fromByteLevel("\u00C3\u00A9"), "\xC3\xA9");
  EXPECT_EQ(fromByteLevel("\u010A\u010A"), "\n\n");
  EXPECT_EQ(fromByteLevel("<|im_end|>"), "<|im_end|>");
}

TEST(ByteLevel, RefusesCharactersOutsideTheAlphabet) {
  // The space itself is written U+0120, the soft hyphen U+0143.
  EXPECT_EQ(fromByteLevel("a b"), std::nullopt);
  EXPECT_EQ(fromByteLevel("\u00AD"), std::nullopt);
  EXPECT_EQ(fromByteLevel("\u0144"), std::nullopt);
  EXPECT_EQ(fromByteLevel("\u4E2D"), std::nullopt);
  EXPECT_EQ(fromByteLevel("ok\U0001F600"), std::nullopt);
}

// The pieces of Hugging Face's ByteLevel pre-tokenizer (use_regex on).
TEST(ByteLevel, SplitsAsGpt2) {
  RegexSplitter gpt2(std::string(byteLevelSplitPattern), false);
  struct Case {
    std::string_view text;
    std::vector<std::string_view> pieces;
  };
  for (const Case &c : {
           Case{"I'm fine, you're OK",
                {"I", "'m", " fine", ",", " you", "'re", " OK"}},
           Case{"we'll they'd she's",
                {"we", "'ll", " they", "'d", " she", "'s"}},
           // Contractions in lower case only.
           Case{"IT'S", {"IT", "'", "S"}},
           Case{"2024 ans", {"2024", " ans"}},
           Case{"$100!!", {"$", "100", "!!"}},
           Case{"caf\u00E9 \u4F60\u597D", {"caf\u00E9", " \u4F60\u597D"}},
           Case{"hello   world", {"hello", "  ", " world"}},
           Case{"x  \n\ny", {"x", "  \n", "\n", "y"}},
           Case{"a\u3000b", {"a", "\u3000", "b"}},
           Case{"end  ", {"end", "  "}},
       }) {
    std::vector<std::string_view> pieces;
    gpt2.split(c.text, pieces);
    EXPECT_EQ(pieces, c.pieces) << c.text;
  }
}

// Qwen3's vocabulary starts with the 256 single bytes, as GPT-2's does.
TEST(ByteLevel, MatchesQwen3sSingleByteTokens) {
  const qwen3::Tokenizer &tokenizer = qwen3::test::qwen3Tokenizer();
  std::set<std::string_view> bytes;
  for (int32_t id = 0; id < 256; ++id) {
    std::string_view text = tokenizer.tokenText(id);
    auto decoded = fromByteLevel(text);
    ASSERT_TRUE(decoded.has_value()) << text;
    ASSERT_EQ(decoded->size(), 1u) << text;
    EXPECT_EQ(toByteLevel(*decoded), text);
    bytes.insert(tokenizer.tokenBytes(id));
  }
  EXPECT_EQ(bytes.size(), 256u);
  EXPECT_EQ(tokenizer.tokenId("\u0120"), 220);
}

} // namespace
