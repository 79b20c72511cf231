//===- ChatTemplateTest.cpp - Qwen3's chat format -------------------------===//

#include "TestSupport.h"

#include "qwen3/ChatTemplate.h"

#include <nlohmann/json.hpp>
#include <unistd.h>

namespace qwen3::test {
namespace {

TEST(ChatTemplate, AddsAnEmptyThinkBlockWhenThinkingIsOff) {
  std::vector<ChatMessage> messages = {{"user", "Hi", std::nullopt}};
  ChatTemplate chat;
  EXPECT_EQ(chat.render(messages,
                        {.addGenerationPrompt = true, .enableThinking = false}),
            "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
            "<think>\n\n</think>\n\n");
  EXPECT_EQ(chat.render(messages, {.addGenerationPrompt = true}),
            "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
  EXPECT_EQ(chat.render(messages), "<|im_start|>user\nHi<|im_end|>\n");
}

TEST(ChatTemplate, RejectsWhatItDoesNotSupport) {
  ChatTemplate chat;
  EXPECT_THROW(chat.render({}), TokenizerError);
  std::vector<ChatMessage> tool = {{"user", "Hi", std::nullopt},
                                   {"tool", "{}", std::nullopt}};
  try {
    chat.render(tool);
    FAIL() << "no exception";
  } catch (const TokenizerError &e) {
    EXPECT_NE(std::string(e.what()).find("tools are not supported"),
              std::string::npos)
        << e.what();
  }
  std::vector<ChatMessage> odd = {{"narrator", "Once", std::nullopt}};
  EXPECT_THROW(chat.render(odd), TokenizerError);
}

TEST(ChatTemplate, LoadsOnlyQwen3sTemplate) {
  EXPECT_NO_THROW(ChatTemplate::load(tokenizerDir()));
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("qwen3-chat-template-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto config =
      nlohmann::json::parse(readFile(tokenizerDir() / "tokenizer_config.json"));
  config["chat_template"] = config["chat_template"].get<std::string>() + " ";
  writeFile(dir / "tokenizer_config.json", config.dump());
  EXPECT_THROW(ChatTemplate::load(dir), TokenizerError);
  EXPECT_THROW(ChatTemplate::load(dir / "nowhere"), TokenizerError);
  std::filesystem::remove_all(dir);
}

} // namespace
} // namespace qwen3::test
