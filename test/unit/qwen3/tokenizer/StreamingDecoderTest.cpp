//===- StreamingDecoderTest.cpp - Incremental detokenization --------------===//

#include "TestSupport.h"

#include "qwen3/StreamingDecoder.h"

namespace qwen3::test {
namespace {

/// The ids of the single bytes of `bytes` (each byte is a token).
std::vector<int32_t> byteTokens(const Tokenizer &tokenizer,
                                std::string_view bytes) {
  std::vector<int32_t> ids;
  for (char c : bytes) {
    std::string one(1, c);
    // The model's vocabulary starts with the single bytes.
    for (int32_t id = 0; id < tokenizer.vocabSize(); ++id)
      if (tokenizer.tokenBytes(id) == one) {
        ids.push_back(id);
        break;
      }
  }
  return ids;
}

TEST(StreamingDecoder, HoldsBackAnEmojiSplitAcrossTokens) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  // A ZWJ family: several 4-byte emoji that BPE spreads over tokens that
  // end inside characters.
  std::string text = "Hi \U0001F468\u200D\U0001F469\u200D\U0001F467!";
  std::vector<int32_t> ids = tokenizer.encode(text);
  StreamingDecoder decoder(tokenizer);
  std::string streamed;
  bool heldBack = false;
  for (int32_t id : ids) {
    std::string piece = decoder.push(id);
    heldBack |= decoder.pendingBytes() > 0;
    // Every piece is whole UTF-8: decoding it again changes nothing.
    EXPECT_EQ(tokenizer.decode(tokenizer.encode(piece)), piece);
    streamed += piece;
  }
  EXPECT_TRUE(heldBack) << "no token ended inside a character";
  streamed += decoder.flush();
  EXPECT_EQ(streamed, text);
}

TEST(StreamingDecoder, CompletesAFourByteCharacterSplitOverThreeTokens) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  std::string emoji = "\U0001F600"; // F0 9F 98 80
  // "ðŁ" is the byte-level token of F0 9F, the start of most emoji.
  std::vector<int32_t> ids = {tokenizer.tokenId("\u00F0\u0141")};
  for (int32_t id : byteTokens(tokenizer, emoji.substr(2)))
    ids.push_back(id);
  ASSERT_EQ(ids.size(), 3u);
  ASSERT_EQ(tokenizer.tokenBytes(ids[0]), emoji.substr(0, 2));
  StreamingDecoder decoder(tokenizer);
  EXPECT_EQ(decoder.push(ids[0]), "");
  EXPECT_EQ(decoder.pendingBytes(), 2u);
  EXPECT_EQ(decoder.push(ids[1]), "");
  EXPECT_EQ(decoder.pendingBytes(), 3u);
  EXPECT_EQ(decoder.push(ids[2]), emoji);
  EXPECT_EQ(decoder.pendingBytes(), 0u);
  EXPECT_EQ(decoder.flush(), "");
}

TEST(StreamingDecoder, FlushReplacesAnUnfinishedCharacter) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  std::vector<int32_t> ids = byteTokens(tokenizer, "a\xE4\xB8");
  ASSERT_EQ(ids.size(), 3u);
  StreamingDecoder decoder(tokenizer);
  EXPECT_EQ(decoder.push(ids[0]), "a");
  EXPECT_EQ(decoder.push(ids[1]), "");
  EXPECT_EQ(decoder.push(ids[2]), "");
  EXPECT_EQ(decoder.flush(), "\xEF\xBF\xBD");
  EXPECT_EQ(decoder.pendingBytes(), 0u);
  // The decoder starts over after a flush.
  EXPECT_EQ(decoder.push(ids[0]), "a");
}

TEST(StreamingDecoder, ReplacesInvalidBytesAtOnceAsDecodeDoes) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  // A stray continuation byte can never become valid: no holding back.
  std::vector<int32_t> ids = byteTokens(tokenizer, "\x80x\xE4\xB8y");
  StreamingDecoder decoder(tokenizer);
  std::string streamed;
  for (int32_t id : ids)
    streamed += decoder.push(id);
  streamed += decoder.flush();
  EXPECT_EQ(streamed, tokenizer.decode(ids));
  EXPECT_EQ(streamed, "\xEF\xBF\xBDx\xEF\xBF\xBDy");
}

TEST(StreamingDecoder, ReplacesAByteNoCharacterStartsWithAtOnce) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  std::vector<int32_t> ids = byteTokens(tokenizer, "\xFF\xC0");
  ASSERT_EQ(ids.size(), 2u);
  StreamingDecoder decoder(tokenizer);
  EXPECT_EQ(decoder.push(ids[0]), "\uFFFD");
  EXPECT_EQ(decoder.pendingBytes(), 0u);
  EXPECT_EQ(decoder.push(ids[1]), "\uFFFD");
  EXPECT_EQ(decoder.pendingBytes(), 0u);
}

TEST(StreamingDecoder, SkipsSpecialTokensWhenAsked) {
  const Tokenizer &tokenizer = qwen3Tokenizer();
  std::vector<int32_t> ids =
      tokenizer.encode("<|im_start|>assistant\nok<|im_end|>");
  StreamingDecoder decoder(tokenizer, /*skipSpecial=*/true);
  std::string streamed;
  for (int32_t id : ids)
    streamed += decoder.push(id);
  EXPECT_EQ(streamed + decoder.flush(), "assistant\nok");
}

TEST(StreamingDecoder, RejectsAnIdOutOfRange) {
  StreamingDecoder decoder(qwen3Tokenizer());
  EXPECT_THROW(decoder.push(-1), TokenizerError);
  EXPECT_THROW(decoder.push(qwen3Tokenizer().vocabSize()), TokenizerError);
}

} // namespace
} // namespace qwen3::test
