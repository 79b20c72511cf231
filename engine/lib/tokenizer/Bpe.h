//===- Bpe.h - Byte-pair merges over a word's bytes -------------*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_BPE_H
#define QWEN3_LIB_TOKENIZER_BPE_H

#include <array>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qwen3::detail {

/// A merge rule: tokens `left` and `right`, next to each other, become
/// `merged`. Rules earlier in the list apply first.
struct Merge {
  int32_t left;
  int32_t right;
  int32_t merged;
};

/// The BPE model of a byte-level tokenizer: a word starts as one token per
/// byte and the merge of lowest rank present applies, leftmost first,
/// until none does.
class Bpe {
public:
  /// A model whose single bytes are the tokens `byteIds` and whose rules
  /// are `merges` in rank order.
  Bpe(const std::array<int32_t, 256> &byteIds,
      const std::vector<Merge> &merges);

  /// Appends the tokens of `word` (raw bytes) to `ids`.
  void encode(std::string_view word, std::vector<int32_t> &ids) const;

private:
  struct Rule {
    int32_t rank;
    int32_t merged;
  };

  static uint64_t key(int32_t left, int32_t right) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) |
           static_cast<uint32_t>(right);
  }

  std::array<int32_t, 256> byteIds;
  std::unordered_map<uint64_t, Rule> rules;
};

} // namespace qwen3::detail

#endif // QWEN3_LIB_TOKENIZER_BPE_H
