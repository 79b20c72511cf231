//===- RegexSplitterTest.cpp - The Split pre-tokenizer --------------------===//
//
// The expected pieces are those of Hugging Face's Split pre-tokenizer
// (tokenizers 0.23, behavior Isolated) for the same pattern and text.
//
//===----------------------------------------------------------------------===//

#include "RegexSplitter.h"

#include "TestSupport.h"

#include <nlohmann/json.hpp>

using qwen3::TokenizerError;
using qwen3::detail::RegexSplitter;
using qwen3::test::errorOf;
using Pieces = std::vector<std::string_view>;

namespace {

Pieces split(const RegexSplitter &splitter, std::string_view text) {
  Pieces pieces;
  splitter.split(text, pieces);
  return pieces;
}

/// The Split regex of Qwen3's tokenizer.json.
std::string qwen3Pattern() {
  auto root = nlohmann::json::parse(
      qwen3::test::readFile(qwen3::test::tokenizerDir() / "tokenizer.json"));
  return root["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"];
}

TEST(RegexSplitter, KeepsMatchesAndTheTextBetweenThemAsPieces) {
  RegexSplitter digits("[0-9]+", false);
  EXPECT_EQ(split(digits, "ab12cd345"), (Pieces{"ab", "12", "cd", "345"}));
  EXPECT_EQ(split(digits, "12ab"), (Pieces{"12", "ab"}));
  EXPECT_EQ(split(digits, "no digits"), (Pieces{"no digits"}));
  EXPECT_EQ(split(digits, "7"), (Pieces{"7"}));
  EXPECT_EQ(split(digits, ""), Pieces{});
}

TEST(RegexSplitter, PiecesPointIntoTheText) {
  RegexSplitter digits("[0-9]+", false);
  std::string text = "ab12";
  Pieces pieces = split(digits, text);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].data(), text.data());
  EXPECT_EQ(pieces[1].data(), text.data() + 2);
}

TEST(RegexSplitter, AppendsToThePiecesThereAre) {
  RegexSplitter space(" ", false);
  Pieces pieces = {"kept"};
  space.split("a b", pieces);
  EXPECT_EQ(pieces, (Pieces{"kept", "a", " ", "b"}));
}

TEST(RegexSplitter, MatchesALiteralPatternAsPlainText) {
  RegexSplitter literal("a+b", true);
  EXPECT_EQ(split(literal, "xa+by"), (Pieces{"x", "a+b", "y"}));
  EXPECT_EQ(split(literal, "aab"), (Pieces{"aab"}));
  RegexSplitter regex("a+b", false);
  EXPECT_EQ(split(regex, "xaab"), (Pieces{"x", "aab"}));
}

TEST(RegexSplitter, KnowsUnicodeClassesAndProperties) {
  // \s with Unicode properties covers the ideographic space, \p{L} the
  // letters of every script.
  RegexSplitter spaces("\\s+", false);
  EXPECT_EQ(split(spaces, "a\u3000b  c"),
            (Pieces{"a", "\u3000", "b", "  ", "c"}));
  RegexSplitter letters("\\p{L}+", false);
  EXPECT_EQ(split(letters, "\u00E9t\u00E9, \u4F60\u597D!"),
            (Pieces{"\u00E9t\u00E9", ", ", "\u4F60\u597D", "!"}));
  // "." is a character, not a byte.
  RegexSplitter any(".", false);
  EXPECT_EQ(split(any, "\u00E9a"), (Pieces{"\u00E9", "a"}));
}

TEST(RegexSplitter, AnEmptyMatchSplitsBetweenCharacters) {
  RegexSplitter none("x*", false);
  EXPECT_EQ(split(none, "abc"), (Pieces{"a", "b", "c"}));
  EXPECT_EQ(split(none, "xa+by"), (Pieces{"x", "a", "+", "b", "y"}));
  // Never inside a character.
  EXPECT_EQ(split(none, "\u00E9\U0001F600a"),
            (Pieces{"\u00E9", "\U0001F600", "a"}));
}

TEST(RegexSplitter, GoesOnWithoutTheJitWhenItsStackRunsOut) {
  // Each repetition of the group takes JIT stack; the interpreter keeps
  // its backtracking on the heap.
  RegexSplitter repeated("(a|b)+", false);
  std::string text(100000, 'a');
  text += 'c';
  EXPECT_EQ(split(repeated, text),
            (Pieces{std::string_view(text).substr(0, 100000), "c"}));
}

TEST(RegexSplitter, CopiesShareTheCompiledPattern) {
  std::optional<RegexSplitter> original(std::in_place, "[0-9]+", false);
  RegexSplitter copy = *original;
  original.reset();
  EXPECT_EQ(split(copy, "a1"), (Pieces{"a", "1"}));
}

TEST(RegexSplitter, ReportsWhereAPatternIsWrong) {
  std::string message = errorOf([] { RegexSplitter("(ab", false); });
  EXPECT_EQ(message, "invalid pre-tokenizer regex at offset 3: missing closing "
                     "parenthesis");
  EXPECT_THROW(RegexSplitter("\\p{NoSuchProperty}", false), TokenizerError);
  // As a literal, the same text is fine.
  EXPECT_NO_THROW(RegexSplitter("(ab", true));
}

TEST(RegexSplitter, SplitsAsQwen3sPreTokenizer) {
  RegexSplitter qwen3(qwen3Pattern(), false);
  struct Case {
    std::string_view text;
    Pieces pieces;
  };
  for (const Case &c : {
           Case{"Hello world", {"Hello", " world"}},
           // Contractions in either case, a letter run taking one non-letter
           // before it.
           Case{"I'M here, it's OK",
                {"I", "'M", " here", ",", " it", "'s", " OK"}},
           Case{"don't", {"don", "'t"}},
           // Digits one at a time.
           Case{"2024 ans", {"2", "0", "2", "4", " ans"}},
           Case{"3rd", {"3", "rd"}},
           Case{"$100.50!!\n\n", {"$", "1", "0", "0", ".", "5", "0", "!!\n\n"}},
           Case{"\u4F60\u597D\u4E16\u754C", {"\u4F60\u597D\u4E16\u754C"}},
           // White space: the last space before a word goes with the word.
           Case{"  x", {" ", " x"}},
           Case{"hello   world", {"hello", "  ", " world"}},
           Case{"a \n\n b", {"a", " \n\n", " b"}},
           Case{"a\r\n b", {"a", "\r\n", " b"}},
           Case{"x  \t\n", {"x", "  \t\n"}},
           Case{"  ", {"  "}},
       })
    EXPECT_EQ(split(qwen3, c.text), c.pieces)
        << ::testing::PrintToString(std::string(c.text));
}

} // namespace
