//===- TokenizerLoader.cpp - Reading a tokenizer from its files -----------===//
//
// Builds a Tokenizer from tokenizer.json and tokenizer_config.json,
// rejecting what it does not implement rather than tokenizing differently.
//
//===----------------------------------------------------------------------===//

#include "qwen3/Tokenizer.h"

#include "ByteLevel.h"
#include "JsonFile.h"
#include "TokenizerImpl.h"
#include "Utf8.h"

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace qwen3 {

namespace {

using nlohmann::json;

/// Reports problems with one file, naming it.
class FileContext {
public:
  explicit FileContext(std::filesystem::path path) : path(std::move(path)) {}

  [[noreturn]] void fail(const std::string &what) const {
    throw TokenizerError(path.string() + ": " + what);
  }

  json parse() const { return readJsonFile(path); }

  /// `object[key]`, which must exist and have type `type`.
  const json &get(const json &object, const char *key, json::value_t type,
                  const std::string &where) const {
    auto found = object.find(key);
    if (found == object.end())
      fail(where + " has no \"" + key + "\"");
    if (found->type() != type &&
        !(type == json::value_t::number_integer && found->is_number_integer()))
      fail(where + "." + key + " has the wrong type (" + found->type_name() +
           ")");
    return *found;
  }

  /// `object[key]` as a bool, `fallback` when absent or null.
  bool flag(const json &object, const char *key, bool fallback,
            const std::string &where) const {
    auto found = object.find(key);
    if (found == object.end() || found->is_null())
      return fallback;
    if (!found->is_boolean())
      fail(where + "." + key + " is not a boolean");
    return found->get<bool>();
  }

  /// `object[key]` as a string, empty when absent or null.
  std::string text(const json &object, const char *key,
                   const std::string &where) const {
    auto found = object.find(key);
    if (found == object.end() || found->is_null())
      return {};
    if (!found->is_string())
      fail(where + "." + key + " is not a string");
    return found->get<std::string>();
  }

  /// The type of component `object` (a normalizer, pre-tokenizer, ...).
  std::string type(const json &object, const std::string &where) const {
    if (!object.is_object())
      fail(where + " is not an object");
    return get(object, "type", json::value_t::string, where).get<std::string>();
  }

private:
  std::filesystem::path path;
};

/// Registers token `id` written `text` of kind `kind`. Ids index dense
/// tables, so each must be below `idLimit`, the number of tokens the file
/// defines: one corrupt id (2^31 - 1) would size them to tens of GiB.
void addToken(Tokenizer::Impl &impl, const FileContext &file,
              const std::string &text, int64_t id, Tokenizer::Impl::Kind kind,
              const std::string &where, int64_t idLimit) {
  if (id < 0 || id >= idLimit || id > INT32_MAX)
    file.fail(where + ": id " + std::to_string(id) + " of \"" + text +
              "\" is out of range (the file defines " +
              std::to_string(idLimit) + " tokens)");
  auto index = static_cast<std::size_t>(id);
  if (index >= impl.kinds.size()) {
    impl.texts.resize(index + 1);
    impl.bytes.resize(index + 1);
    impl.kinds.resize(index + 1, Tokenizer::Impl::Kind::None);
  }
  impl.texts[index] = text;
  // As Hugging Face's ByteLevel decoder: a token outside the byte-level
  // alphabet (an added token with a space, say) decodes to itself.
  impl.bytes[index] = detail::fromByteLevel(text).value_or(text);
  impl.kinds[index] = kind;
  impl.ids[text] = static_cast<int32_t>(id);
}

void loadModel(Tokenizer::Impl &impl, const FileContext &file,
               const json &model, int64_t idLimit) {
  std::string type = file.type(model, "model");
  if (type != "BPE")
    file.fail("unknown model type \"" + type + "\" (only BPE is supported)");
  if (model.contains("dropout") && !model["dropout"].is_null() &&
      model["dropout"] != 0)
    file.fail("model.dropout is not supported");
  for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"})
    if (!file.text(model, key, "model").empty())
      file.fail(std::string("model.") + key + " is not supported");
  impl.ignoreMerges = file.flag(model, "ignore_merges", false, "model");

  const json &vocab = file.get(model, "vocab", json::value_t::object, "model");
  impl.ids.reserve(vocab.size() + 64);
  for (const auto &[text, id] : vocab.items()) {
    if (!id.is_number_integer())
      file.fail("model.vocab[\"" + text + "\"] is not an integer");
    addToken(impl, file, text, id.get<int64_t>(), Tokenizer::Impl::Kind::Model,
             "model.vocab", idLimit);
  }

  // Every byte is a token of its own, so BPE never meets a byte it cannot
  // encode: the unknown token and byte_fallback never come into play.
  std::array<int32_t, 256> byteIds;
  for (int byte = 0; byte < 256; ++byte) {
    auto found = impl.ids.find(detail::byteLevelChar(byte));
    if (found == impl.ids.end())
      file.fail("model.vocab has no token for byte " + std::to_string(byte) +
                " (a byte-level vocabulary needs all 256)");
    byteIds[byte] = found->second;
  }

  const json &merges = file.get(model, "merges", json::value_t::array, "model");
  std::vector<detail::Merge> rules;
  rules.reserve(merges.size());
  auto lookup = [&](const std::string &token, std::size_t rank) {
    auto found = impl.ids.find(token);
    if (found == impl.ids.end())
      file.fail("model.merges[" + std::to_string(rank) + "] uses \"" + token +
                "\", which is not in model.vocab");
    return found->second;
  };
  for (std::size_t rank = 0; rank < merges.size(); ++rank) {
    const json &merge = merges[rank];
    std::string left, right;
    // Older files write a merge as "left right", newer ones as a pair.
    if (merge.is_string()) {
      const auto &both = merge.get_ref<const std::string &>();
      auto space = both.find(' ', 1);
      if (space == std::string::npos)
        file.fail("model.merges[" + std::to_string(rank) +
                  "] is not two tokens separated by a space");
      left = both.substr(0, space);
      right = both.substr(space + 1);
    } else if (merge.is_array() && merge.size() == 2 && merge[0].is_string() &&
               merge[1].is_string()) {
      left = merge[0].get<std::string>();
      right = merge[1].get<std::string>();
    } else {
      file.fail("model.merges[" + std::to_string(rank) +
                "] is neither \"a b\" nor [\"a\", \"b\"]");
    }
    rules.push_back(
        {lookup(left, rank), lookup(right, rank), lookup(left + right, rank)});
  }
  impl.bpe.emplace(byteIds, rules);
}

void loadAddedTokens(Tokenizer::Impl &impl, const FileContext &file,
                     const json &root, int64_t idLimit) {
  auto found = root.find("added_tokens");
  if (found == root.end() || found->is_null())
    return;
  if (!found->is_array())
    file.fail("added_tokens is not an array");
  for (std::size_t i = 0; i < found->size(); ++i) {
    const json &entry = (*found)[i];
    std::string where = "added_tokens[" + std::to_string(i) + "]";
    if (!entry.is_object())
      file.fail(where + " is not an object");
    detail::AddedToken token;
    token.content = file.get(entry, "content", json::value_t::string, where)
                        .get<std::string>();
    if (token.content.empty() || detail::findInvalidUtf8(token.content))
      file.fail(where + ".content is empty or not UTF-8");
    int64_t id = file.get(entry, "id", json::value_t::number_integer, where)
                     .get<int64_t>();
    token.singleWord = file.flag(entry, "single_word", false, where);
    token.lstrip = file.flag(entry, "lstrip", false, where);
    token.rstrip = file.flag(entry, "rstrip", false, where);
    token.normalized = file.flag(entry, "normalized", true, where);
    token.special = file.flag(entry, "special", false, where);
    addToken(impl, file, token.content, id,
             token.special ? Tokenizer::Impl::Kind::Special
                           : Tokenizer::Impl::Kind::Added,
             where, idLimit);
    token.id = static_cast<int32_t>(id);
    // Normalized tokens are looked for in normalized text, so in normal
    // form themselves.
    if (token.normalized && impl.nfc)
      token.content = detail::toNfc(token.content);
    impl.added.add(std::move(token));
  }
}

void loadNormalizer(Tokenizer::Impl &impl, const FileContext &file,
                    const json &normalizer, const std::string &where) {
  if (normalizer.is_null())
    return;
  std::string type = file.type(normalizer, where);
  if (type == "NFC") {
    impl.nfc = true;
  } else if (type == "Sequence") {
    const json &parts =
        file.get(normalizer, "normalizers", json::value_t::array, where);
    for (std::size_t i = 0; i < parts.size(); ++i)
      loadNormalizer(impl, file, parts[i],
                     where + ".normalizers[" + std::to_string(i) + "]");
  } else {
    file.fail(where + ": normalizer \"" + type +
              "\" is not supported (only NFC)");
  }
}

/// Loads one pre-tokenizer; returns whether it was the byte-level one,
/// which must come last.
bool loadPreTokenizer(Tokenizer::Impl &impl, const FileContext &file,
                      const json &step, const std::string &where) {
  std::string type = file.type(step, where);
  if (type == "Split") {
    const json &pattern =
        file.get(step, "pattern", json::value_t::object, where);
    std::string behavior =
        file.get(step, "behavior", json::value_t::string, where)
            .get<std::string>();
    if (behavior != "Isolated")
      file.fail(where + ": Split behavior \"" + behavior +
                "\" is not supported (only Isolated)");
    if (file.flag(step, "invert", false, where))
      file.fail(where + ": inverted Split is not supported");
    bool literal = !pattern.contains("Regex");
    const std::string &text =
        file.get(pattern, literal ? "String" : "Regex", json::value_t::string,
                 where + ".pattern")
            .get_ref<const std::string &>();
    // Only the splitter's own errors need the file and the place added.
    try {
      impl.splitters.emplace_back(text, literal);
    } catch (const TokenizerError &e) {
      file.fail(where + ": " + e.what());
    }
    return false;
  }
  if (type == "ByteLevel") {
    if (file.flag(step, "add_prefix_space", false, where))
      file.fail(where + ": ByteLevel add_prefix_space is not supported");
    if (file.flag(step, "use_regex", true, where))
      impl.splitters.emplace_back(std::string(detail::byteLevelSplitPattern),
                                  false);
    return true;
  }
  if (type == "Sequence") {
    const json &steps =
        file.get(step, "pretokenizers", json::value_t::array, where);
    bool byteLevel = false;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (byteLevel)
        file.fail(where + ": pre-tokenizers after ByteLevel are not supported");
      byteLevel =
          loadPreTokenizer(impl, file, steps[i],
                           where + ".pretokenizers[" + std::to_string(i) + "]");
    }
    return byteLevel;
  }
  file.fail(where + ": pre-tokenizer \"" + type + "\" is not supported");
}

/// The token tokenizer_config.json names under `key`: a string, an
/// object with a "content", or null.
std::optional<std::string> configToken(const FileContext &file,
                                       const json &config, const char *key) {
  auto found = config.find(key);
  if (found == config.end() || found->is_null())
    return std::nullopt;
  if (found->is_string())
    return found->get<std::string>();
  if (found->is_object())
    return file.get(*found, "content", json::value_t::string, key)
        .get<std::string>();
  file.fail(std::string(key) + " is neither a string nor a token object");
}

} // namespace

Tokenizer Tokenizer::load(const std::filesystem::path &dir) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error))
    throw TokenizerError(dir.string() +
                         ": not a directory (the model directory with "
                         "tokenizer.json and tokenizer_config.json)");
  auto impl = std::make_shared<Impl>();

  FileContext file(dir / "tokenizer.json");
  json root = file.parse();
  if (!root.is_object())
    file.fail("the top level is not an object");
  // The normalizer first: normalized added tokens are stored normalized.
  loadNormalizer(*impl, file, root.value("normalizer", json()), "normalizer");
  const json &model = file.get(root, "model", json::value_t::object, "file");
  // The tokens the file defines, each with an id of its own at most.
  int64_t idLimit = 0;
  if (auto vocab = model.find("vocab"); vocab != model.end())
    idLimit += static_cast<int64_t>(vocab->size());
  if (auto added = root.find("added_tokens"); added != root.end())
    idLimit += static_cast<int64_t>(added->size());
  loadModel(*impl, file, model, idLimit);
  loadAddedTokens(*impl, file, root, idLimit);
  json preTokenizer = root.value("pre_tokenizer", json());
  if (preTokenizer.is_null() ||
      !loadPreTokenizer(*impl, file, preTokenizer, "pre_tokenizer"))
    file.fail("pre_tokenizer does not end with ByteLevel, which the "
              "byte-level BPE needs");
  json decoder = root.value("decoder", json());
  if (!decoder.is_null() && file.type(decoder, "decoder") != "ByteLevel")
    file.fail("decoder \"" + file.type(decoder, "decoder") +
              "\" is not supported (only ByteLevel)");
  json post = root.value("post_processor", json());
  // Other post-processors add tokens (BOS, EOS) that encode leaves out.
  if (!post.is_null() && file.type(post, "post_processor") != "ByteLevel")
    file.fail("post_processor \"" + file.type(post, "post_processor") +
              "\" is not supported (only ByteLevel)");

  FileContext configFile(dir / "tokenizer_config.json");
  json config = configFile.parse();
  if (!config.is_object())
    configFile.fail("the top level is not an object");
  auto idOf = [&](const std::string &token, const FileContext &source,
                  const char *role) {
    auto found = impl->ids.find(token);
    if (found == impl->ids.end())
      source.fail(std::string(role) + " \"" + token +
                  "\" is not a token of tokenizer.json");
    return found->second;
  };
  SpecialTokens &special = impl->special;
  special.endOfText = idOf("<|endoftext|>", file, "the end-of-text token");
  special.imStart = idOf("<|im_start|>", file, "the chat token");
  special.imEnd = idOf("<|im_end|>", file, "the chat token");
  special.thinkStart = idOf("<think>", file, "the reasoning token");
  special.thinkEnd = idOf("</think>", file, "the reasoning token");
  auto eos = configToken(configFile, config, "eos_token");
  if (!eos)
    configFile.fail("eos_token is missing");
  special.eos = idOf(*eos, configFile, "eos_token");
  auto pad = configToken(configFile, config, "pad_token");
  special.pad = pad ? idOf(*pad, configFile, "pad_token") : special.endOfText;
  if (auto bos = configToken(configFile, config, "bos_token"))
    special.bos = idOf(*bos, configFile, "bos_token");

  return Tokenizer(std::move(impl));
}

} // namespace qwen3
