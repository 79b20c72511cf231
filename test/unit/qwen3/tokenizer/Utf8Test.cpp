//===- Utf8Test.cpp - UTF-8 checks, repair and NFC ------------------------===//
//
// The replacements follow the Unicode standard's "maximal subpart" rule
// (its Table 3-8 example is below), which the WHATWG decoder, Python's
// errors="replace" and Rust's from_utf8_lossy share; the NFC cases are
// those of Python's unicodedata.normalize("NFC", ...).
//
//===----------------------------------------------------------------------===//

#include "Utf8.h"

#include "qwen3/TokenizerError.h"

#include <gtest/gtest.h>

using namespace qwen3::detail;

namespace {

std::string lossy(std::string_view bytes) {
  std::string out;
  appendLossyUtf8(out, bytes);
  return out;
}

std::string utf8(char32_t cp) {
  std::string out;
  appendUtf8(out, cp);
  return out;
}

TEST(Utf8Validation, AcceptsEachLengthUpToItsLimits) {
  for (std::string_view text :
       {"", "plain ASCII\n", "\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80",
        "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80",
        "\xF4\x8F\xBF\xBF",
        "caf\xC3\xA9 \xE4\xBD\xA0\xE5\xA5\xBD \xF0\x9F\x98\x80"})
    EXPECT_EQ(findInvalidUtf8(text), std::nullopt) << text;
}

TEST(Utf8Validation, ReportsTheOffsetOfTheFirstBadSequence) {
  struct Case {
    std::string_view text;
    std::size_t offset;
  };
  for (Case c : {
           Case{"\x80", 0}, // stray continuation bytes
           Case{"ab\xBF", 2},
           Case{"\xC0\xAF", 0},             // overlong "/"
           Case{"\xC1\xBF", 0},             // overlong
           Case{"a\xC3", 1},                // cut by the end
           Case{"\xC3(", 0},                // cut by ASCII
           Case{"\xE0\x9F\xBF", 0},         // overlong three bytes
           Case{"\xED\xA0\x80", 0},         // a surrogate
           Case{"\xE4\xBD", 0},             // cut by the end
           Case{"\xE4\xBD\xA0\xE4\xBD", 3}, // after a good character
           Case{"\xF0\x8F\xBF\xBF", 0},     // overlong four bytes
           Case{"\xF4\x90\x80\x80", 0},     // past U+10FFFF
           Case{"\xF5\x80\x80\x80", 0},     // no such lead byte
           Case{"\xFF", 0},
           Case{"ok \xF0\x9F\x98", 3}, // cut by the end
           Case{"\xF0\x9F\x98\x80\xF0\x9F", 4},
       })
    EXPECT_EQ(findInvalidUtf8(c.text), c.offset)
        << ::testing::PrintToString(std::string(c.text));
}

TEST(Utf8Repair, LeavesWellFormedTextAsItIs) {
  std::string text = "caf\xC3\xA9 \xE4\xBD\xA0 \xF0\x9F\x98\x80";
  EXPECT_EQ(lossy(text), text);
}

TEST(Utf8Repair, AppendsToWhatIsThere) {
  std::string out = "kept ";
  appendLossyUtf8(out, "x\x80");
  EXPECT_EQ(out, "kept x\uFFFD");
}

TEST(Utf8Repair, ReplacesEachMaximalSubpartOnce) {
  // The Unicode standard's example: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64.
  EXPECT_EQ(lossy("a\xF1\x80\x80\xE1\x80\xC2"
                  "b\x80"
                  "c\x80\xBF"
                  "d"),
            "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd");
}

TEST(Utf8Repair, ReplacesEveryByteThatNoCharacterCanStartWith) {
  // E0 needs A0..BF next, ED 80..9F, F4 80..8F: the lead alone is the
  // maximal subpart, and each following byte one of its own.
  EXPECT_EQ(lossy("\xE0\x80"), "\uFFFD\uFFFD");
  EXPECT_EQ(lossy("\xED\xA0\x80"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(lossy("\xF4\x90\x80\x80"), "\uFFFD\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(lossy("\xC0\xAF"), "\uFFFD\uFFFD");
  EXPECT_EQ(lossy("\xFF"
                  "A"),
            "\uFFFDA");
}

TEST(Utf8Repair, ReplacesAStartedCharacterOnceWhereverItIsCut) {
  EXPECT_EQ(lossy("\xF0\x9F\x98"), "\uFFFD");
  EXPECT_EQ(lossy("\xF0\x9F\x98x"), "\uFFFDx");
  EXPECT_EQ(lossy("\xE4\xB8"), "\uFFFD");
  EXPECT_EQ(lossy("\xE1\xA0\xC3\xA9"), "\uFFFD\u00E9");
}

TEST(Utf8IncompleteTail, CountsTheBytesOfAStartedCharacter) {
  EXPECT_EQ(incompleteUtf8Tail("\xE4"), 1u);
  EXPECT_EQ(incompleteUtf8Tail("\xE4\xB8"), 2u);
  EXPECT_EQ(incompleteUtf8Tail("\xF0\x9F\x98"), 3u);
  EXPECT_EQ(incompleteUtf8Tail("abc\xF0\x9F\x98"), 3u);
  EXPECT_EQ(incompleteUtf8Tail("\xF0\x9F\x98\x80\xC3"), 1u);
  EXPECT_EQ(incompleteUtf8Tail("\xE4\xB8\xAD\xF0"), 1u);
  // The first and last bytes that start a character.
  EXPECT_EQ(incompleteUtf8Tail("\xC2"), 1u);
  EXPECT_EQ(incompleteUtf8Tail("\xF4\x8F"), 2u);
}

TEST(Utf8IncompleteTail, IsZeroWhenNoMoreBytesCanHelp) {
  for (std::string_view bytes :
       {"", "a", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\x80", "\x80\x80\x80",
        "\xC0", "\xC1", "\xF5", "\xFF", "a\xF8", "\xE0\x80", "\xED\xA0",
        "\xF4\x90", "\xC3("})
    EXPECT_EQ(incompleteUtf8Tail(bytes), 0u)
        << ::testing::PrintToString(std::string(bytes));
}

TEST(Utf8CodePoints, DecodesEachLengthAndAdvances) {
  std::string text = "a\xC3\xA9\xE4\xBD\xA0\xF0\x9F\x98\x80";
  std::size_t pos = 0;
  EXPECT_EQ(nextCodePoint(text, pos), U'a');
  EXPECT_EQ(pos, 1u);
  EXPECT_EQ(nextCodePoint(text, pos), U'\u00E9');
  EXPECT_EQ(pos, 3u);
  EXPECT_EQ(nextCodePoint(text, pos), U'\u4F60');
  EXPECT_EQ(pos, 6u);
  EXPECT_EQ(nextCodePoint(text, pos), U'\U0001F600');
  EXPECT_EQ(pos, 10u);
}

TEST(Utf8CodePoints, DecodesBackwardsFromAnEnd) {
  std::string text = "a\xC3\xA9\xE4\xBD\xA0\xF0\x9F\x98\x80";
  EXPECT_EQ(codePointStartBefore(text, 10), 6u);
  EXPECT_EQ(previousCodePoint(text, 10), U'\U0001F600');
  EXPECT_EQ(codePointStartBefore(text, 6), 3u);
  EXPECT_EQ(previousCodePoint(text, 6), U'\u4F60');
  EXPECT_EQ(codePointStartBefore(text, 3), 1u);
  EXPECT_EQ(previousCodePoint(text, 3), U'\u00E9');
  EXPECT_EQ(codePointStartBefore(text, 1), 0u);
  EXPECT_EQ(previousCodePoint(text, 1), U'a');
  EXPECT_EQ(previousCodePoint("\xC3\xA9", 2), U'\u00E9');
}

TEST(Utf8CodePoints, EncodesEachLengthAtItsLimits) {
  EXPECT_EQ(utf8(U'\0'), std::string(1, '\0'));
  EXPECT_EQ(utf8(0x7F), "\x7F");
  EXPECT_EQ(utf8(0x80), "\xC2\x80");
  EXPECT_EQ(utf8(0x7FF), "\xDF\xBF");
  EXPECT_EQ(utf8(0x800), "\xE0\xA0\x80");
  EXPECT_EQ(utf8(0xFFFF), "\xEF\xBF\xBF");
  EXPECT_EQ(utf8(0x10000), "\xF0\x90\x80\x80");
  EXPECT_EQ(utf8(0x10FFFF), "\xF4\x8F\xBF\xBF");
}

TEST(Utf8CodePoints, EncodingAndDecodingAreInverse) {
  for (char32_t cp : {0x24u, 0xA2u, 0x120u, 0x939u, 0x20ACu, 0xD55Cu, 0xFFFDu,
                      0x10348u, 0x1F468u}) {
    std::string text = utf8(cp);
    EXPECT_EQ(findInvalidUtf8(text), std::nullopt) << static_cast<uint32_t>(cp);
    std::size_t pos = 0;
    EXPECT_EQ(nextCodePoint(text, pos), cp);
    EXPECT_EQ(pos, text.size());
    EXPECT_EQ(previousCodePoint(text, text.size()), cp);
  }
}

TEST(Utf8Nfc, ComposesWhatHasAComposedForm) {
  EXPECT_EQ(toNfc("cafe\xCC\x81"), "caf\xC3\xA9");              // e + U+0301
  EXPECT_EQ(toNfc("\xE1\x84\x80\xE1\x85\xA1"), "\xEA\xB0\x80"); // jamo: U+AC00
  EXPECT_EQ(toNfc("A\xCC\x8A\xCC\x81"), "\xC7\xBA");            // U+01FA
}

TEST(Utf8Nfc, OrdersCombiningMarksBeforeComposing) {
  // a + U+0302 + U+0323: the dot below (class 220) goes first, then both
  // compose into U+1EAD.
  EXPECT_EQ(toNfc("a\xCC\x82\xCC\xA3"), "\xE1\xBA\xAD");
}

TEST(Utf8Nfc, ReplacesSingletons) {
  EXPECT_EQ(toNfc("\xE2\x84\xAB"), "\xC3\x85"); // Angstrom sign: U+00C5
  EXPECT_EQ(toNfc("\xE2\x84\xAA"), "K");        // Kelvin sign
}

TEST(Utf8Nfc, LeavesTextInNormalFormAsItIs) {
  for (std::string_view text :
       {"", "plain ASCII", "caf\xC3\xA9 \xC3\x85", "\xE4\xBD\xA0\xE5\xA5\xBD",
        // U+0915 U+093C: U+0958 is excluded from composition.
        "\xE0\xA4\x95\xE0\xA4\xBC", "\xF0\x9F\x98\x80",
        // A mark with nothing to compose with stays.
        "\xC3\xA9\xCC\x81"})
    EXPECT_EQ(toNfc(text), text);
}

TEST(Utf8Nfc, DecomposesExcludedCompositions) {
  EXPECT_EQ(toNfc("\xE0\xA5\x98"), "\xE0\xA4\x95\xE0\xA4\xBC"); // U+0958
}

// As Rust's regex \w, which Hugging Face's tokenizers use.
TEST(Utf8Classes, KnowsWordCharactersAsRegexesDo) {
  std::u32string words = U"aZ09_\u00E9\u4E2D"
                         U"\u01C5"      // Lt
                         U"\u02B0"      // Lm
                         U"\u2163"      // Nl, Roman numeral four
                         U"\u0663"      // Nd, Arabic-Indic three
                         U"\u0301"      // Mn
                         U"\u093E"      // Mc
                         U"\u20DD"      // Me
                         U"\u203F"      // Pc
                         U"\u200C"      // the zero-width non-joiner
                         U"\u200D"      // and joiner
                         U"\u24B6"      // circled A, alphabetic
                         U"\u24E9"      // circled z
                         U"\U0001F130"  // squared A
                         U"\U0001F150"  // negative circled A
                         U"\U0001F189"; // negative squared Z
  for (char32_t cp : words)
    EXPECT_TRUE(isWordCharacter(cp)) << static_cast<uint32_t>(cp);
  std::u32string others = U" -'\u00BD\u00B2\u00B7\u24EA\u24B5\U0001F14A"
                          U"\U0001F18A\u3000\u200B\U0001F600";
  for (char32_t cp : others)
    EXPECT_FALSE(isWordCharacter(cp)) << static_cast<uint32_t>(cp);
}

TEST(Utf8Classes, KnowsWhiteSpaceOfEveryKind) {
  for (char32_t cp : {U' ', U'\t', U'\n', U'\v', U'\f', U'\r', U'\u0085',
                      U'\u00A0', U'\u1680', U'\u2000', U'\u200A', U'\u2028',
                      U'\u2029', U'\u202F', U'\u3000'})
    EXPECT_TRUE(isWhitespace(cp)) << static_cast<uint32_t>(cp);
  // Zero-width characters are formats, not spaces; 1C..1F are not white
  // space in Unicode either.
  for (char32_t cp : {U'a', U'\b', U'\x1C', U'\x0E', U'\u200B', U'\u180E',
                      U'\uFEFF', U'\u0008'})
    EXPECT_FALSE(isWhitespace(cp)) << static_cast<uint32_t>(cp);
}

} // namespace
