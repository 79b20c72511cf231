//===- RegexSplitter.h - The Split pre-tokenizer ----------------*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_REGEXSPLITTER_H
#define QWEN3_LIB_TOKENIZER_REGEXSPLITTER_H

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3::detail {

/// Splits text at the matches of a regex (PCRE2, Unicode properties on),
/// keeping every match and every stretch between matches as a piece of
/// its own: the "Isolated" behaviour of Hugging Face's Split.
class RegexSplitter {
public:
  /// A splitter on `pattern`, a regex or, when `literal`, a plain string;
  /// throws TokenizerError saying where the pattern is wrong.
  RegexSplitter(const std::string &pattern, bool literal);

  /// Appends the pieces of `text` (well-formed UTF-8) to `pieces`, in
  /// order; together they are `text`.
  void split(std::string_view text,
             std::vector<std::string_view> &pieces) const;

private:
  struct Code;
  std::shared_ptr<const Code> code;
};

} // namespace qwen3::detail

#endif // QWEN3_LIB_TOKENIZER_REGEXSPLITTER_H
