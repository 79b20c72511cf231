//===- TokenizerTest.cpp - Encoding and decoding --------------------------===//
//
// Qwen3's tokenizer on cases whose ids Hugging Face's tokenizers (0.23)
// give too, and the small hand-built tokenizer where a case needs tokens
// one can work out by hand.
//
//===----------------------------------------------------------------------===//

#include "SmallTokenizer.h"
#include "TestSupport.h"

#include <chrono>

namespace qwen3::test {
namespace {

using nlohmann::json;
using Ids = std::vector<int32_t>;
/// Tests that load the small hand-built tokenizer.
using SmallTokenizer = TokenizerFiles;

TEST(Tokenizer, EncodesHandCheckedIds) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  EXPECT_EQ(tokenizer.encode("Hello world"), (Ids{9707, 1879}));
  EXPECT_EQ(tokenizer.encode("Hello, world!"), (Ids{9707, 11, 1879, 0}));
  EXPECT_EQ(tokenizer.encode(" hello"), (Ids{23811}));
  EXPECT_EQ(tokenizer.encode("\n\n"), (Ids{271}));
  EXPECT_EQ(tokenizer.encode("123"), (Ids{16, 17, 18}));
  EXPECT_EQ(tokenizer.encode(""), Ids{});
  EXPECT_EQ(tokenizer.encode("<|im_start|>user\n"), (Ids{151644, 872, 198}));
  EXPECT_EQ(tokenizer.encode("<think>\n\n</think>\n\n"),
            (Ids{151667, 271, 151668, 271}));
}

TEST(Tokenizer, EncodesAsHuggingFacesTokenizers) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  struct Case {
    std::string_view text;
    Ids ids;
  };
  for (const Case &c : {
           Case{"I'M here, it's OK", {40, 27603, 1588, 11, 432, 594, 10402}},
           Case{"2024 ans", {17, 15, 17, 19, 8099}},
           Case{"\u4F60\u597D\u4E16\u754C", {108386, 99489}},
           Case{"hello   world\n\n", {14990, 256, 1879, 271}},
           Case{"a\r\n b", {64, 319, 293}},
           Case{"def f(x):\n    return x**2\n",
                {750, 282, 2075, 982, 262, 470, 856, 334, 17, 198}},
           Case{"caf\u00E9 na\u00EFve \u00FCber",
                {924, 58858, 94880, 586, 13785}},
           Case{"\U0001F468\u200D\U0001F469\u200D\U0001F467",
                {145367, 378, 235, 145233, 378, 235, 145665}},
           Case{"<tool_call>\n{}\n</tool_call>", {151657, 198, 16094, 151658}},
           Case{"<|im_start|>system\nYou are helpful.<|im_end|>\n",
                {151644, 8948, 198, 2610, 525, 10950, 13, 151645, 198}},
           Case{"  leading spaces", {220, 6388, 12621}},
           Case{"\u3000\u3000full width", {22441, 22441, 8878, 2374}},
           Case{"\u0645\u0631\u062D\u0628\u0627", {124122, 29825, 124671}},
           Case{"<|im_end|><|im_end|>", {151645, 151645}},
       })
    EXPECT_EQ(tokenizer.encode(c.text), c.ids)
        << ::testing::PrintToString(std::string(c.text));
}

TEST(Tokenizer, NormalizesToNfcBeforeEncoding) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  EXPECT_EQ(tokenizer.encode("cafe\u0301"), tokenizer.encode("caf\u00e9"));
  EXPECT_EQ(tokenizer.decode(tokenizer.encode("cafe\u0301")), "caf\u00e9");
}

TEST(Tokenizer, EncodesSpecialTokensAsTextWhenNotParsingThem) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  Ids plain = tokenizer.encode("<|im_start|>", /*parseSpecial=*/false);
  EXPECT_GT(plain.size(), 1u);
  EXPECT_EQ(tokenizer.decode(plain), "<|im_start|>");
  // <think> is an added token but not a special one: still matched.
  EXPECT_EQ(tokenizer.encode("<think>", false), (Ids{151667}));
}

TEST(Tokenizer, KnowsItsSpecialTokens) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  const SpecialTokens &special = tokenizer.specialTokens();
  EXPECT_EQ(special.endOfText, 151643);
  EXPECT_EQ(special.imStart, 151644);
  EXPECT_EQ(special.imEnd, 151645);
  EXPECT_EQ(special.eos, 151645);
  EXPECT_EQ(special.pad, 151643);
  EXPECT_FALSE(special.bos.has_value());
  EXPECT_EQ(special.thinkStart, 151667);
  EXPECT_EQ(special.thinkEnd, 151668);
  EXPECT_EQ(tokenizer.vocabSize(), 151669);
  EXPECT_TRUE(tokenizer.isSpecial(151644));
  EXPECT_FALSE(tokenizer.isSpecial(151667));
  EXPECT_FALSE(tokenizer.isSpecial(9707));
}

TEST(Tokenizer, MapsTokenTextsAndIds) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  EXPECT_EQ(tokenizer.tokenText(23811), "\u0120hello");
  EXPECT_EQ(tokenizer.tokenBytes(23811), " hello");
  EXPECT_EQ(tokenizer.tokenId("\u0120hello"), 23811);
  EXPECT_EQ(tokenizer.tokenId("<|im_end|>"), 151645);
  EXPECT_EQ(tokenizer.tokenText(151645), "<|im_end|>");
  EXPECT_EQ(tokenizer.findTokenId("no such token"), std::nullopt);
  EXPECT_THROW(tokenizer.tokenId("no such token"), TokenizerError);
  EXPECT_THROW(tokenizer.tokenText(-1), TokenizerError);
}

TEST(Tokenizer, DecodesAndSkipsSpecialTokens) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  Ids ids =
      tokenizer.encode("<|im_start|>user\nHi \U0001F44B\U0001F3FD<|im_end|>");
  EXPECT_EQ(tokenizer.decode(ids),
            "<|im_start|>user\nHi \U0001F44B\U0001F3FD<|im_end|>");
  EXPECT_EQ(tokenizer.decode(ids, /*skipSpecial=*/true),
            "user\nHi \U0001F44B\U0001F3FD");
}

TEST(Tokenizer, KnowsWhichIdsNameTokens) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  EXPECT_TRUE(tokenizer.hasToken(0));
  EXPECT_TRUE(tokenizer.hasToken(9707));
  EXPECT_TRUE(tokenizer.hasToken(tokenizer.vocabSize() - 1));
  // Qwen3's model pads its vocabulary to 151936 ids; these have no token.
  EXPECT_FALSE(tokenizer.hasToken(tokenizer.vocabSize()));
  EXPECT_FALSE(tokenizer.hasToken(151935));
  EXPECT_FALSE(tokenizer.hasToken(-1));
}

TEST(Tokenizer, DecodeRejectsIdsOutOfRange) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  Ids ids = {9707, 151669};
  try {
    tokenizer.decode(ids);
    FAIL() << "no exception";
  } catch (const TokenizerError &e) {
    EXPECT_NE(std::string(e.what()).find("151669"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(tokenizer.decode(Ids{-5}), TokenizerError);
}

TEST(Tokenizer, DecodeReplacesBrokenUtf8) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  // "ä" is the byte-level token of byte E4 alone, the start of a
  // three-byte character such as U+4F60.
  int32_t e4 = tokenizer.tokenId("\u00E4");
  EXPECT_EQ(tokenizer.decode(Ids{e4}), "\xEF\xBF\xBD");
  EXPECT_EQ(
      tokenizer.decode(Ids{tokenizer.tokenId("a"), e4, tokenizer.tokenId("a")}),
      "a\xEF\xBF\xBD"
      "a");
}

TEST(Tokenizer, RejectsTextThatIsNotUtf8) {
  EXPECT_THROW(qwen3Tokenizer().encode("ok \xC3("), TokenizerError);
  EXPECT_THROW(qwen3Tokenizer().encode("\xED\xA0\x80"), TokenizerError);
}

TEST(Tokenizer, EncodesLongRunsAndLargeTextsQuickly) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  EXPECT_EQ(tokenizer.decode(tokenizer.encode(std::string(100000, ' '))),
            std::string(100000, ' '));
  // About 1 MB of mixed text from the corpus.
  std::string corpus = readFile(dataDir() / "corpus.jsonl");
  std::string text;
  while (text.size() < (1u << 20))
    text += corpus;
  auto start = std::chrono::steady_clock::now();
  Ids ids = tokenizer.encode(text);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  RecordProperty("encode_MB_per_s",
                 std::to_string(text.size() / seconds / 1e6));
  std::cout << "encoded " << text.size() << " bytes into " << ids.size()
            << " tokens in " << seconds << " s\n";
  // The corpus holds NFD text, which decodes to NFC; encoding that again
  // gives the same ids. (EXPECT_TRUE: a diff of megabytes helps no one.)
  EXPECT_TRUE(tokenizer.encode(tokenizer.decode(ids)) == ids);
  // Generous, so that Debug builds and busy machines pass too.
  EXPECT_LT(seconds, 10.0);
}

TEST_F(SmallTokenizer, EncodesWordsBetweenAddedTokens) {
  Tokenizer tokenizer = load();
  using namespace small;
  EXPECT_EQ(tokenizer.encode("<|im_start|>hello world<|im_end|>"),
            (Ids{IM_START, HELLO, SPACE_WORLD, IM_END}));
  EXPECT_EQ(tokenizer.encode("<think>hello</think>"),
            (Ids{THINK, HELLO, THINK_END}));
  EXPECT_EQ(tokenizer.encode("hello<|im_end|>world"),
            (Ids{HELLO, IM_END, 'w', OR, LD}));
  EXPECT_EQ(tokenizer.encode(" hello"), (Ids{' ', HELLO}));
}

TEST_F(SmallTokenizer, EncodesSpecialTokensAsTextWhenNotParsingThem) {
  Tokenizer tokenizer = load();
  using namespace small;
  EXPECT_EQ(tokenizer.encode("<|im_start|>hello<think>", false),
            (Ids{'<', '|', 'i', 'm', '_', 's', 't', 'a', 'r', 't', '|', '>',
                 HELLO, THINK}));
}

TEST_F(SmallTokenizer, EncodesNormalizedSpecialTokensAsTextWhenNotParsingThem) {
  json root = smallTokenizerJson();
  root["added_tokens"].push_back(addedToken("[n]", small::NEXT,
                                            /*special=*/true,
                                            /*normalized=*/true));
  Tokenizer tokenizer = load(root);
  EXPECT_EQ(tokenizer.encode("a[n]"), (Ids{'a', small::NEXT}));
  EXPECT_EQ(tokenizer.encode("a[n]", false), (Ids{'a', '[', 'n', ']'}));
}

TEST_F(SmallTokenizer, RefusesTextThatIsNotUtf8SayingWhere) {
  Tokenizer tokenizer = load();
  EXPECT_EQ(errorOf([&] { tokenizer.encode("hel\xC3(lo"); }),
            "encode: the text is not UTF-8 (bad byte at offset 3)");
  EXPECT_EQ(errorOf([] { requireUtf8("a\x80", "--prompt"); }),
            "--prompt is not UTF-8 (bad byte at offset 1)");
  EXPECT_NO_THROW(requireUtf8("caf\u00E9", "--prompt"));
}

TEST_F(SmallTokenizer, DecodesTheBytesOfEachToken) {
  Tokenizer tokenizer = load();
  using namespace small;
  EXPECT_EQ(tokenizer.decode(Ids{}), "");
  EXPECT_EQ(tokenizer.decode(Ids{HELLO, SPACE_WORLD, '!'}), "hello world!");
  EXPECT_EQ(tokenizer.decode(Ids{IM_START, 'h', 'i', IM_END, THINK}),
            "<|im_start|>hi<|im_end|><think>");
  // A character over two tokens.
  EXPECT_EQ(tokenizer.decode(Ids{0xC3, 0xA9}), "\u00E9");
}

TEST_F(SmallTokenizer, SkipsOnlySpecialTokens) {
  Tokenizer tokenizer = load();
  using namespace small;
  EXPECT_EQ(tokenizer.decode(Ids{IM_START, 'h', 'i', IM_END, THINK}, true),
            "hi<think>");
  EXPECT_EQ(tokenizer.decode(Ids{END_OF_TEXT}, true), "");
}

TEST_F(SmallTokenizer, DecodeReplacesBytesThatAreNotUtf8) {
  Tokenizer tokenizer = load();
  EXPECT_EQ(tokenizer.decode(Ids{'h', 0xC3, 'h'}), "h\uFFFDh");
  EXPECT_EQ(tokenizer.decode(Ids{0xC3, 0xA9, 0xE2, 0x82}), "\u00E9\uFFFD");
}

TEST_F(SmallTokenizer, DecodeRefusesIdsThatAreNotTokens) {
  Tokenizer tokenizer = load();
  for (int32_t id : {-1, static_cast<int32_t>(small::NEXT)})
    EXPECT_EQ(errorOf([&] {
                tokenizer.decode(Ids{'a', id});
              }),
              "token id " + std::to_string(id) +
                  " is out of range (the vocabulary has ids 0 to 269)");
}

} // namespace
} // namespace qwen3::test
