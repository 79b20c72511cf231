//===- ChatTemplate.h - Qwen3's chat format ---------------------*- C++ -*-===//

#ifndef QWEN3_CHATTEMPLATE_H
#define QWEN3_CHATTEMPLATE_H

#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace qwen3 {

/// One turn of a conversation.
struct ChatMessage {
  /// "system", "user" or "assistant".
  std::string role;
  /// The text of the turn. An assistant turn may hold its reasoning as
  /// "<think>...</think>answer"; the template splits it off.
  std::string content;
  /// An assistant turn's reasoning given apart from the content; when set,
  /// the content is taken as it is.
  std::optional<std::string> reasoningContent;
};

/// How a conversation is rendered.
struct ChatOptions {
  /// Ends with an open assistant turn for the model to complete.
  bool addGenerationPrompt = false;
  /// With a generation prompt: false adds an empty
  /// "<think>\n\n</think>\n\n" block, which makes the model answer without
  /// reasoning.
  bool enableThinking = true;
};

/// Qwen3's chat template, the Jinja template of its tokenizer_config.json,
/// reimplemented for what a chat needs: system, user and assistant turns,
/// the generation prompt, thinking on or off, and the reasoning of earlier
/// assistant turns (dropped before the last user query, kept after it).
/// Tool definitions, tool calls and tool results are not supported; a
/// "tool" turn is rejected with TokenizerError.
class ChatTemplate {
public:
  /// The template of Qwen3's published tokenizer_config.json.
  ChatTemplate() = default;

  /// Reads tokenizer_config.json in the model directory `dir` and checks
  /// that its chat_template is the one this class reproduces; throws
  /// TokenizerError when the file is missing or malformed or holds another
  /// template (rendering it here would silently differ).
  static ChatTemplate load(const std::filesystem::path &dir);

  /// The text of `messages` in the template's format, to be encoded with
  /// special tokens parsed. Throws TokenizerError for an empty conversation
  /// or a role other than system, user and assistant.
  std::string render(std::span<const ChatMessage> messages,
                     const ChatOptions &options = {}) const;
};

} // namespace qwen3

#endif // QWEN3_CHATTEMPLATE_H
