//===- TokenizerTest.cpp - Encoding, decoding and loading errors ----------===//

#include "TestSupport.h"

#include <chrono>
#include <unistd.h>

namespace qwen3::test {
namespace {

using Ids = std::vector<int32_t>;

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

/// A fresh directory for broken tokenizer files.
class TokenizerFiles : public ::testing::Test {
protected:
  void SetUp() override {
    dir =
        std::filesystem::temp_directory_path() /
        ("qwen3-tokenizer-test-" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()) +
         "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    writeFile(dir / "tokenizer_config.json",
              readFile(tokenizerDir() / "tokenizer_config.json"));
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  /// The message of the TokenizerError that loading `dir` throws.
  std::string loadError() {
    try {
      Tokenizer::load(dir);
    } catch (const TokenizerError &e) {
      return e.what();
    }
    ADD_FAILURE() << "loading " << dir << " did not fail";
    return {};
  }

  std::filesystem::path dir;
};

TEST_F(TokenizerFiles, ReportsAMissingDirectory) {
  std::filesystem::path missing = dir / "nowhere";
  try {
    Tokenizer::load(missing);
    FAIL() << "no exception";
  } catch (const TokenizerError &e) {
    EXPECT_NE(std::string(e.what()).find("nowhere"), std::string::npos)
        << e.what();
  }
}

TEST_F(TokenizerFiles, ReportsAMissingFile) {
  std::string message = loadError();
  EXPECT_NE(message.find("tokenizer.json"), std::string::npos) << message;
  EXPECT_NE(message.find("cannot open"), std::string::npos) << message;
}

TEST_F(TokenizerFiles, ReportsMalformedJson) {
  writeFile(dir / "tokenizer.json", "{\"model\": {\"type\": \"BPE\", ");
  std::string message = loadError();
  EXPECT_NE(message.find("tokenizer.json"), std::string::npos) << message;
  EXPECT_NE(message.find("malformed JSON"), std::string::npos) << message;
  // A number past a double's range (found by fuzzing).
  writeFile(dir / "tokenizer.json", R"({"version": 1e999})");
  message = loadError();
  EXPECT_NE(message.find("malformed JSON"), std::string::npos) << message;
}

// Ids index dense tables: an id far past the tokens the file defines sized
// them to tens of GiB (found by fuzzing).
TEST_F(TokenizerFiles, ReportsAnIdPastTheTokensOfTheFile) {
  writeFile(dir / "tokenizer.json",
            R"({"model": {"type": "BPE", "merges": [],
                          "vocab": {"a": 0, "b": 2147483647}}})");
  std::string message = loadError();
  EXPECT_NE(message.find("model.vocab: id 2147483647 of \"b\" is out of range "
                         "(the file defines 2 tokens)"),
            std::string::npos)
      << message;
}

TEST_F(TokenizerFiles, ReportsAnUnknownModelType) {
  writeFile(dir / "tokenizer.json",
            R"({"model": {"type": "WordPiece", "vocab": {}}})");
  std::string message = loadError();
  EXPECT_NE(message.find("unknown model type \"WordPiece\""), std::string::npos)
      << message;
}

TEST_F(TokenizerFiles, ReportsAMalformedConfig) {
  std::filesystem::copy_file(tokenizerDir() / "tokenizer.json",
                             dir / "tokenizer.json");
  writeFile(dir / "tokenizer_config.json", "[1, 2");
  std::string message = loadError();
  EXPECT_NE(message.find("tokenizer_config.json: malformed JSON"),
            std::string::npos)
      << message;
}

} // namespace
} // namespace qwen3::test
