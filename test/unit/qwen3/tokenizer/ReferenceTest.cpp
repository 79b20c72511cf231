//===- ReferenceTest.cpp - The tokenizer against its reference ------------===//
//
// Compares encoding, decoding and the chat template with the results of
// the reference implementation that the fixture test
// qwen3.tokenizer.reference computes (see CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "qwen3/ChatTemplate.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace qwen3::test {
namespace {

using nlohmann::json;

/// The lines of `path`, each parsed as JSON; fails the test when the file
/// is missing.
std::vector<json> readJsonLines(const std::filesystem::path &path) {
  std::vector<json> lines;
  if (!std::filesystem::exists(path)) {
    ADD_FAILURE() << "no " << path
                  << "; the ctest fixture qwen3.tokenizer.reference writes it "
                     "(needs node and npm)";
    return lines;
  }
  std::istringstream in(readFile(path));
  std::string line;
  while (std::getline(in, line))
    lines.push_back(json::parse(line));
  return lines;
}

std::string idList(const std::vector<int32_t> &ids) {
  std::string text = "[";
  for (std::size_t i = 0; i < ids.size(); ++i)
    text += (i ? ", " : "") + std::to_string(ids[i]);
  return text + "]";
}

TEST(ReferenceCorpus, EncodesEveryLineAsTheReference) {
  std::vector<json> texts = readJsonLines(dataDir() / "corpus.jsonl");
  std::vector<json> expected =
      readJsonLines(referenceDir() / "corpus-reference.jsonl");
  ASSERT_GE(texts.size(), 1000u);
  ASSERT_EQ(texts.size(), expected.size());
  const Tokenizer &tokenizer = qwen3Tokenizer();
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::vector<int32_t> want = expected[i]["ids"].get<std::vector<int32_t>>();
    std::vector<int32_t> got = tokenizer.encode(texts[i].get<std::string>());
    // The first difference says enough; thousands more would bury it.
    ASSERT_EQ(got, want) << "corpus.jsonl line " << i + 1 << ": "
                         << texts[i].dump() << "\n  reference: " << idList(want)
                         << "\n  tokenizer: " << idList(got);
  }
}

TEST(ReferenceCorpus, DecodesEveryLineToItsNfc) {
  std::vector<json> expected =
      readJsonLines(referenceDir() / "corpus-reference.jsonl");
  ASSERT_FALSE(expected.empty());
  const Tokenizer &tokenizer = qwen3Tokenizer();
  for (std::size_t i = 0; i < expected.size(); ++i) {
    auto ids = expected[i]["ids"].get<std::vector<int32_t>>();
    ASSERT_EQ(tokenizer.decode(ids), expected[i]["nfc"].get<std::string>())
        << "corpus.jsonl line " << i + 1 << ", ids " << idList(ids);
  }
}

TEST(ReferenceChatTemplate, RendersAndEncodesEveryCaseAsTheReference) {
  json cases = json::parse(readFile(dataDir() / "chat-cases.json"));
  std::vector<json> expected =
      readJsonLines(referenceDir() / "chat-reference.jsonl");
  ASSERT_EQ(cases.size(), expected.size());
  const Tokenizer &tokenizer = qwen3Tokenizer();
  ChatTemplate chat = ChatTemplate::load(tokenizerDir());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const json &c = cases[i];
    std::vector<ChatMessage> messages;
    for (const json &m : c["messages"]) {
      ChatMessage message{m["role"], m["content"], std::nullopt};
      if (m.contains("reasoning_content"))
        message.reasoningContent = m["reasoning_content"].get<std::string>();
      messages.push_back(std::move(message));
    }
    ChatOptions options;
    options.addGenerationPrompt = c.value("add_generation_prompt", false);
    options.enableThinking = c.value("enable_thinking", true);
    std::string text = chat.render(messages, options);
    std::string name = c["name"];
    ASSERT_EQ(expected[i]["name"], name);
    EXPECT_EQ(text, expected[i]["text"].get<std::string>()) << name;
    auto want = expected[i]["ids"].get<std::vector<int32_t>>();
    EXPECT_EQ(tokenizer.encode(text), want) << name;
  }
}

} // namespace
} // namespace qwen3::test
