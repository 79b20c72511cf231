//===- Bpe.cpp - Byte-pair merges over a word's bytes ---------------------===//

#include "Bpe.h"

#include <algorithm>

namespace qwen3::detail {

Bpe::Bpe(const std::array<int32_t, 256> &byteIds,
         const std::vector<Merge> &merges)
    : byteIds(byteIds) {
  rules.reserve(merges.size());
  for (std::size_t rank = 0; rank < merges.size(); ++rank) {
    const Merge &m = merges[rank];
    // A rule listed twice takes its last rank, as in Hugging Face's
    // tokenizers and transformers.js, whose rank tables keep the last
    // listing.
    rules.insert_or_assign(key(m.left, m.right),
                           Rule{static_cast<int32_t>(rank), m.merged});
  }
}

void Bpe::encode(std::string_view word, std::vector<int32_t> &ids) const {
  if (word.empty())
    return;
  if (word.size() == 1) {
    ids.push_back(byteIds[static_cast<unsigned char>(word[0])]);
    return;
  }
  // The word as a linked list of tokens, each kept at the index of its
  // first byte, so that a token's index orders ties between equal ranks.
  struct Symbol {
    int32_t id;
    int32_t prev;
    int32_t next;
  };
  // A possible merge of the symbol at `pos` with its successor; stale once
  // either has changed, which `left` and `right` reveal.
  struct Candidate {
    int32_t rank;
    int32_t pos;
    int32_t left;
    int32_t right;
    int32_t merged;
  };
  auto later = [](const Candidate &a, const Candidate &b) {
    return a.rank != b.rank ? a.rank > b.rank : a.pos > b.pos;
  };

  auto n = static_cast<int32_t>(word.size());
  std::vector<Symbol> symbols(n);
  for (int32_t i = 0; i < n; ++i)
    symbols[i] = {byteIds[static_cast<unsigned char>(word[i])], i - 1,
                  i + 1 < n ? i + 1 : -1};

  std::vector<Candidate> queue;
  auto consider = [&](int32_t pos) {
    int32_t next = symbols[pos].next;
    if (next < 0)
      return;
    auto rule = rules.find(key(symbols[pos].id, symbols[next].id));
    if (rule == rules.end())
      return;
    queue.push_back({rule->second.rank, pos, symbols[pos].id, symbols[next].id,
                     rule->second.merged});
    std::push_heap(queue.begin(), queue.end(), later);
  };
  for (int32_t i = 0; i + 1 < n; ++i)
    consider(i);

  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), later);
    Candidate c = queue.back();
    queue.pop_back();
    Symbol &left = symbols[c.pos];
    // A merged-away symbol has no id left to match (-1).
    if (left.id != c.left || left.next < 0 || symbols[left.next].id != c.right)
      continue;
    Symbol &right = symbols[left.next];
    left.id = c.merged;
    left.next = right.next;
    if (right.next >= 0)
      symbols[right.next].prev = c.pos;
    right.id = -1;
    if (left.prev >= 0)
      consider(left.prev);
    consider(c.pos);
  }
  for (int32_t i = 0; i >= 0; i = symbols[i].next)
    ids.push_back(symbols[i].id);
}

} // namespace qwen3::detail
