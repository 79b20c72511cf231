//===- ChatTemplate.cpp - Qwen3's chat format -----------------------------===//
//
// Follows the Jinja template of Qwen3's tokenizer_config.json statement by
// statement for conversations without tools; the comments quote the parts
// of the template each step reproduces.
//
//===----------------------------------------------------------------------===//

#include "qwen3/ChatTemplate.h"

#include "JsonFile.h"

#include "qwen3/TokenizerError.h"

#include "tile/formats/Sha256.h"

#include <string_view>

namespace qwen3 {

namespace {

/// SHA-256 of the template text this file reproduces, the chat_template of
/// Qwen3's tokenizer_config.json (4116 bytes).
constexpr std::string_view qwen3TemplateSha256 =
    "87a2728cb8dc9fe424d624542f6060ec05a1d285ebbec578bb078900e33396b5";

/// Python's str.lstrip('\n'), rstrip('\n') and strip('\n').
std::string_view lstripNewlines(std::string_view text) {
  std::size_t start = text.find_first_not_of('\n');
  return start == std::string_view::npos ? std::string_view()
                                         : text.substr(start);
}

std::string_view rstripNewlines(std::string_view text) {
  std::size_t end = text.find_last_not_of('\n');
  return end == std::string_view::npos ? std::string_view()
                                       : text.substr(0, end + 1);
}

std::string_view stripNewlines(std::string_view text) {
  return rstripNewlines(lstripNewlines(text));
}

/// Python's text.split(separator)[-1] and text.split(separator)[0].
std::string_view afterLast(std::string_view text, std::string_view separator) {
  std::size_t at = text.rfind(separator);
  return at == std::string_view::npos ? text
                                      : text.substr(at + separator.size());
}

std::string_view beforeFirst(std::string_view text,
                             std::string_view separator) {
  return text.substr(0, text.find(separator));
}

} // namespace

ChatTemplate ChatTemplate::load(const std::filesystem::path &dir) {
  std::filesystem::path path = dir / "tokenizer_config.json";
  nlohmann::json config = readJsonFile(path);
  if (!config.is_object() || !config.contains("chat_template") ||
      !config["chat_template"].is_string())
    throw TokenizerError(path.string() + ": no chat_template string");
  const std::string &text =
      config["chat_template"].get_ref<const std::string &>();
  if (tile::formats::sha256Hex(text) != qwen3TemplateSha256)
    throw TokenizerError(path.string() +
                         ": chat_template is not Qwen3's template, which is "
                         "the only one qwen3::ChatTemplate renders");
  return ChatTemplate();
}

std::string ChatTemplate::render(std::span<const ChatMessage> messages,
                                 const ChatOptions &options) const {
  if (messages.empty())
    throw TokenizerError("chat template: the conversation has no messages");
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const std::string &role = messages[i].role;
    if (role == "tool")
      throw TokenizerError("chat template: message " + std::to_string(i) +
                           " is a tool result; tools are not supported");
    if (role != "system" && role != "user" && role != "assistant")
      throw TokenizerError("chat template: message " + std::to_string(i) +
                           " has role \"" + role +
                           "\" (expected system, user or assistant)");
  }

  std::string out;
  // {%- if messages[0].role == 'system' %} ... messages[0].content ...
  if (messages[0].role == "system")
    out += "<|im_start|>system\n" + messages[0].content + "<|im_end|>\n";

  // ns.last_query_index: the last user message that is not a tool
  // response wrapped as user text; the last message if there is none.
  std::size_t lastQuery = messages.size() - 1;
  for (std::size_t i = messages.size(); i-- > 0;) {
    const ChatMessage &m = messages[i];
    std::string_view content = m.content;
    if (m.role == "user" && !(content.starts_with("<tool_response>") &&
                              content.ends_with("</tool_response>"))) {
      lastQuery = i;
      break;
    }
  }

  for (std::size_t i = 0; i < messages.size(); ++i) {
    const ChatMessage &m = messages[i];
    if (m.role == "user" || (m.role == "system" && i != 0)) {
      out += "<|im_start|>" + m.role + "\n" + m.content + "<|im_end|>\n";
      continue;
    }
    if (m.role != "assistant")
      continue;
    std::string_view content = m.content;
    std::string_view reasoning;
    if (m.reasoningContent) {
      reasoning = *m.reasoningContent;
    } else if (content.find("</think>") != std::string_view::npos) {
      reasoning = lstripNewlines(afterLast(
          rstripNewlines(beforeFirst(content, "</think>")), "<think>"));
      content = lstripNewlines(afterLast(content, "</think>"));
    }
    out += "<|im_start|>assistant\n";
    // Reasoning is kept only for the turns after the last query: the
    // final turn always, earlier ones when they have some.
    bool last = i + 1 == messages.size();
    if (i > lastQuery && (last || !reasoning.empty())) {
      out += "<think>\n";
      out += stripNewlines(reasoning);
      out += "\n</think>\n\n";
      out += lstripNewlines(content);
    } else {
      out += content;
    }
    out += "<|im_end|>\n";
  }

  if (options.addGenerationPrompt) {
    out += "<|im_start|>assistant\n";
    // {%- if enable_thinking is defined and enable_thinking is false %}
    if (!options.enableThinking)
      out += "<think>\n\n</think>\n\n";
  }
  return out;
}

} // namespace qwen3
