//===- AddedVocabularyTest.cpp - Tokens matched before BPE ----------------===//
//
// Where a case says what Hugging Face's tokenizers do, their 0.23 release
// encodes the same text with the same added tokens that way.
//
//===----------------------------------------------------------------------===//

#include "AddedVocabulary.h"

#include <gtest/gtest.h>

using namespace qwen3::detail;

namespace {

/// A segment as text and id, for comparisons.
using Piece = std::pair<std::string, int32_t>;
using Pieces = std::vector<Piece>;

Pieces split(const AddedVocabulary &vocabulary, std::string_view text,
             bool normalized = false, bool parseSpecial = true) {
  std::vector<Segment> segments;
  vocabulary.split(text, normalized, parseSpecial, segments);
  Pieces pieces;
  for (const Segment &s : segments)
    pieces.emplace_back(s.text, s.id);
  return pieces;
}

constexpr int32_t text = -1;

TEST(AddedVocabulary, WithoutTokensTheTextIsOneSegment) {
  AddedVocabulary none;
  EXPECT_EQ(split(none, "abc"), (Pieces{{"abc", text}}));
  EXPECT_EQ(split(none, ""), Pieces{});
  // Tokens of the other kind do not count.
  AddedVocabulary normalizedOnly;
  normalizedOnly.add({.content = "<x>", .id = 1, .normalized = true});
  EXPECT_EQ(split(normalizedOnly, "a<x>b"), (Pieces{{"a<x>b", text}}));
  EXPECT_EQ(split(normalizedOnly, "", true), Pieces{});
}

TEST(AddedVocabulary, CutsTheTextAroundEachToken) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<x>", .id = 7});
  EXPECT_EQ(split(vocabulary, "a<x>b"),
            (Pieces{{"a", text}, {"<x>", 7}, {"b", text}}));
  EXPECT_EQ(split(vocabulary, "<x>"), (Pieces{{"<x>", 7}}));
  EXPECT_EQ(split(vocabulary, "<x><x>"), (Pieces{{"<x>", 7}, {"<x>", 7}}));
  EXPECT_EQ(split(vocabulary, "<x>a<x>"),
            (Pieces{{"<x>", 7}, {"a", text}, {"<x>", 7}}));
  EXPECT_EQ(split(vocabulary, "<x"), (Pieces{{"<x", text}}));
  EXPECT_EQ(split(vocabulary, "<<x>>"),
            (Pieces{{"<", text}, {"<x>", 7}, {">", text}}));
}

TEST(AddedVocabulary, SegmentsPointIntoTheText) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<x>", .id = 7});
  std::string input = "a<x>b";
  std::vector<Segment> segments;
  vocabulary.split(input, false, true, segments);
  ASSERT_EQ(segments.size(), 3u);
  EXPECT_EQ(segments[1].text.data(), input.data() + 1);
}

TEST(AddedVocabulary, TakesTheLeftmostTokenThenTheLongest) {
  AddedVocabulary vocabulary;
  // Added in either order, the longer one wins where both start.
  vocabulary.add({.content = "ab", .id = 1});
  vocabulary.add({.content = "abc", .id = 2});
  vocabulary.add({.content = "xyz", .id = 3});
  vocabulary.add({.content = "xy", .id = 4});
  vocabulary.add({.content = "bcd", .id = 5});
  EXPECT_EQ(split(vocabulary, "abcd"), (Pieces{{"abc", 2}, {"d", text}}));
  EXPECT_EQ(split(vocabulary, "xyz"), (Pieces{{"xyz", 3}}));
  EXPECT_EQ(split(vocabulary, "xyw"), (Pieces{{"xy", 4}, {"w", text}}));
  // "bcd" is longer but starts later.
  EXPECT_EQ(split(vocabulary, "zabcd"),
            (Pieces{{"z", text}, {"abc", 2}, {"d", text}}));
  EXPECT_EQ(split(vocabulary, "zbcd"), (Pieces{{"z", text}, {"bcd", 5}}));
}

TEST(AddedVocabulary, MatchesTokensThatStartWithAMultiByteCharacter) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "\u00E9t\u00E9", .id = 1});
  vocabulary.add({.content = "\u00E8", .id = 2});
  EXPECT_EQ(
      split(vocabulary, "l'\u00E9t\u00E9 \u00E8"),
      (Pieces{{"l'", text}, {"\u00E9t\u00E9", 1}, {" ", text}, {"\u00E8", 2}}));
}

TEST(AddedVocabulary, MatchesTokensOfTheKindAskedFor) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<raw>", .id = 1});
  vocabulary.add({.content = "<norm>", .id = 2, .normalized = true});
  EXPECT_EQ(split(vocabulary, "<raw><norm>", false),
            (Pieces{{"<raw>", 1}, {"<norm>", text}}));
  EXPECT_EQ(split(vocabulary, "<raw><norm>", true),
            (Pieces{{"<raw>", text}, {"<norm>", 2}}));
}

TEST(AddedVocabulary, MatchesSpecialTokensOnlyWhenParsingThem) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<|s|>", .id = 1, .special = true});
  vocabulary.add({.content = "<t>", .id = 2});
  EXPECT_EQ(split(vocabulary, "<|s|><t>", false, true),
            (Pieces{{"<|s|>", 1}, {"<t>", 2}}));
  EXPECT_EQ(split(vocabulary, "<|s|><t>", false, false),
            (Pieces{{"<|s|>", text}, {"<t>", 2}}));
}

TEST(AddedVocabulary, ASingleWordTokenMatchesOnlyBetweenWords) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "[w]", .id = 1, .singleWord = true});
  EXPECT_EQ(split(vocabulary, "[w]"), (Pieces{{"[w]", 1}}));
  EXPECT_EQ(split(vocabulary, "a [w] b"),
            (Pieces{{"a ", text}, {"[w]", 1}, {" b", text}}));
  EXPECT_EQ(split(vocabulary, "[w][w]"), (Pieces{{"[w]", 1}, {"[w]", 1}}));
  EXPECT_EQ(split(vocabulary, "-[w]-"),
            (Pieces{{"-", text}, {"[w]", 1}, {"-", text}}));
  for (std::string_view inWord : {"a[w]", "[w]b", "a[w]b", "1[w]", "[w]9"})
    EXPECT_EQ(split(vocabulary, inWord), (Pieces{{std::string(inWord), text}}))
        << inWord;
}

// Hugging Face's tokenizers look for word characters as the regex \w does:
// letters, marks, decimal digits, connector punctuation and joiners, but
// not numbers such as "½" or "²".
TEST(AddedVocabulary, ASingleWordTokenKnowsWordCharactersAsRegexesDo) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "[w]", .id = 1, .singleWord = true});
  for (std::string_view inWord : {
           "\u00E9[w]", // a letter (Ll)
           "\u02B0[w]", // a modifier letter (Lm)
           "\u2163[w]", // a letter number (Nl)
           "\u0663[w]", // an Arabic-Indic digit (Nd)
           "_[w]",      // connector punctuation (Pc)
           "\u203F[w]", // an undertie (Pc)
           "[w]_",      // after the token too
           "\u0301[w]", // a combining mark (Mn)
           "[w]\u093E", // a spacing mark (Mc)
           "\u20DD[w]", // an enclosing mark (Me)
           "\u200D[w]", // the zero-width joiner
           "\u24B6[w]", // a circled letter (So, but alphabetic)
       })
    EXPECT_EQ(split(vocabulary, inWord), (Pieces{{std::string(inWord), text}}))
        << inWord;
  for (std::string_view before : {"\u00BD", "\u00B2", "\u00B7", "\U0001F600"})
    EXPECT_EQ(split(vocabulary, std::string(before) + "[w]"),
              (Pieces{{std::string(before), text}, {"[w]", 1}}))
        << before;
}

// A token found where it may not match (a single-word token inside a word,
// a special token while special tokens are not parsed) keeps its text
// plain: no shorter token starting there, nor one inside it, matches
// instead, as in Hugging Face's tokenizers.
TEST(AddedVocabulary, ATokenThatMayNotMatchKeepsItsTextPlain) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "[w]", .id = 1, .singleWord = true});
  vocabulary.add({.content = "[w", .id = 2});
  vocabulary.add({.content = "w]", .id = 3});
  EXPECT_EQ(split(vocabulary, "a[w]"), (Pieces{{"a[w]", text}}));
  EXPECT_EQ(split(vocabulary, "a[w]]"), (Pieces{{"a[w]]", text}}));
  EXPECT_EQ(split(vocabulary, "[w"), (Pieces{{"[w", 2}}));
  EXPECT_EQ(split(vocabulary, "a w]"), (Pieces{{"a ", text}, {"w]", 3}}));

  AddedVocabulary special;
  special.add({.content = "<s>", .id = 4, .special = true});
  special.add({.content = "s>", .id = 5});
  EXPECT_EQ(split(special, "<s>", false, false), (Pieces{{"<s>", text}}));
  EXPECT_EQ(split(special, "<s>", false, true), (Pieces{{"<s>", 4}}));
  EXPECT_EQ(split(special, "s>", false, false), (Pieces{{"s>", 5}}));
}

TEST(AddedVocabulary, LstripTakesTheWhiteSpaceBeforeTheToken) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<l>", .id = 1, .lstrip = true});
  EXPECT_EQ(split(vocabulary, "a  <l>b"),
            (Pieces{{"a", text}, {"  <l>", 1}, {"b", text}}));
  EXPECT_EQ(split(vocabulary, "a\u3000\t\n<l>"),
            (Pieces{{"a", text}, {"\u3000\t\n<l>", 1}}));
  EXPECT_EQ(split(vocabulary, "  <l>  "), (Pieces{{"  <l>", 1}, {"  ", text}}));
  // Not the white space of an earlier token.
  EXPECT_EQ(split(vocabulary, "<l>  <l>"), (Pieces{{"<l>", 1}, {"  <l>", 1}}));
  // Only white space.
  EXPECT_EQ(split(vocabulary, "a\u200B<l>"),
            (Pieces{{"a\u200B", text}, {"<l>", 1}}));
}

TEST(AddedVocabulary, RstripTakesTheWhiteSpaceAfterTheToken) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<r>", .id = 1, .rstrip = true});
  EXPECT_EQ(split(vocabulary, "<r>  b"), (Pieces{{"<r>  ", 1}, {"b", text}}));
  EXPECT_EQ(split(vocabulary, "<r> \n"), (Pieces{{"<r> \n", 1}}));
  EXPECT_EQ(split(vocabulary, "<r>\u2028\u00A0b"),
            (Pieces{{"<r>\u2028\u00A0", 1}, {"b", text}}));
  EXPECT_EQ(split(vocabulary, "<r>  <r>"), (Pieces{{"<r>  ", 1}, {"<r>", 1}}));
  EXPECT_EQ(split(vocabulary, "<r>\u200Bb"),
            (Pieces{{"<r>", 1}, {"\u200Bb", text}}));
}

TEST(AddedVocabulary, LstripAndRstripTogether) {
  AddedVocabulary vocabulary;
  vocabulary.add({.content = "<lr>", .id = 1, .lstrip = true, .rstrip = true});
  vocabulary.add({.content = "<l>", .id = 2, .lstrip = true});
  vocabulary.add({.content = "<r>", .id = 3, .rstrip = true});
  EXPECT_EQ(split(vocabulary, "x <lr> y"),
            (Pieces{{"x", text}, {" <lr> ", 1}, {"y", text}}));
  EXPECT_EQ(split(vocabulary, "  <lr>  "), (Pieces{{"  <lr>  ", 1}}));
  // The white space goes to the token on its left.
  EXPECT_EQ(split(vocabulary, "<r> \t<l>x"),
            (Pieces{{"<r> \t", 3}, {"<l>", 2}, {"x", text}}));
}

} // namespace
