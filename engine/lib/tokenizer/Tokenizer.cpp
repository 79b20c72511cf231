//===- Tokenizer.cpp - Qwen3's byte-level BPE tokenizer -------------------===//

#include "qwen3/Tokenizer.h"

#include "ByteLevel.h"
#include "TokenizerImpl.h"
#include "Utf8.h"

namespace qwen3 {

Tokenizer::Tokenizer(std::shared_ptr<const Impl> impl)
    : impl(std::move(impl)) {}

void Tokenizer::Impl::encodePieces(std::string_view text, std::size_t level,
                                   std::vector<int32_t> &out) const {
  if (level == splitters.size()) {
    if (ignoreMerges) {
      auto whole = ids.find(detail::toByteLevel(text));
      if (whole != ids.end() && kinds[whole->second] == Kind::Model) {
        out.push_back(whole->second);
        return;
      }
    }
    bpe->encode(text, out);
    return;
  }
  std::vector<std::string_view> pieces;
  splitters[level].split(text, pieces);
  for (std::string_view piece : pieces)
    encodePieces(piece, level + 1, out);
}

void requireUtf8(std::string_view text, std::string_view what) {
  if (auto bad = detail::findInvalidUtf8(text))
    throw TokenizerError(std::string(what) +
                         " is not UTF-8 (bad byte at offset " +
                         std::to_string(*bad) + ")");
}

std::vector<int32_t> Tokenizer::encode(std::string_view text,
                                       bool parseSpecial) const {
  requireUtf8(text, "encode: the text");
  std::vector<int32_t> out;
  out.reserve(text.size() / 3 + 1);
  std::vector<detail::Segment> raw, normalized;
  // Added tokens marked not normalized are found in the raw text, the
  // others in the normalized text between them.
  impl->added.split(text, false, parseSpecial, raw);
  for (const detail::Segment &segment : raw) {
    if (segment.id >= 0) {
      out.push_back(segment.id);
      continue;
    }
    std::string nfc;
    std::string_view plain = segment.text;
    if (impl->nfc) {
      nfc = detail::toNfc(plain);
      plain = nfc;
    }
    normalized.clear();
    impl->added.split(plain, true, parseSpecial, normalized);
    for (const detail::Segment &piece : normalized) {
      if (piece.id >= 0)
        out.push_back(piece.id);
      else
        impl->encodePieces(piece.text, 0, out);
    }
  }
  return out;
}

bool Tokenizer::Impl::hasToken(int32_t id) const {
  return id >= 0 && static_cast<std::size_t>(id) < kinds.size() &&
         kinds[id] != Kind::None;
}

void Tokenizer::Impl::checkId(int32_t id) const {
  if (!hasToken(id))
    throw TokenizerError("token id " + std::to_string(id) +
                         " is out of range (the vocabulary has ids 0 to " +
                         std::to_string(kinds.size() - 1) + ")");
}

std::string Tokenizer::decode(std::span<const int32_t> ids,
                              bool skipSpecial) const {
  std::string bytes;
  for (int32_t id : ids) {
    impl->checkId(id);
    if (skipSpecial && impl->kinds[id] == Impl::Kind::Special)
      continue;
    bytes.append(impl->bytes[id]);
  }
  std::string text;
  text.reserve(bytes.size());
  detail::appendLossyUtf8(text, bytes);
  return text;
}

int32_t Tokenizer::tokenId(std::string_view token) const {
  if (auto id = findTokenId(token))
    return *id;
  throw TokenizerError("no token \"" + std::string(token) +
                       "\" in the vocabulary");
}

std::optional<int32_t> Tokenizer::findTokenId(std::string_view token) const {
  auto found = impl->ids.find(token);
  if (found == impl->ids.end())
    return std::nullopt;
  return found->second;
}

std::string_view Tokenizer::tokenText(int32_t id) const {
  impl->checkId(id);
  return impl->texts[id];
}

std::string_view Tokenizer::tokenBytes(int32_t id) const {
  impl->checkId(id);
  return impl->bytes[id];
}

bool Tokenizer::isSpecial(int32_t id) const {
  impl->checkId(id);
  return impl->kinds[id] == Impl::Kind::Special;
}

bool Tokenizer::hasToken(int32_t id) const { return impl->hasToken(id); }

int32_t Tokenizer::vocabSize() const {
  return static_cast<int32_t>(impl->kinds.size());
}

const SpecialTokens &Tokenizer::specialTokens() const { return impl->special; }

} // namespace qwen3
