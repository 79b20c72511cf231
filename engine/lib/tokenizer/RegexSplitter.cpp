//===- RegexSplitter.cpp - The Split pre-tokenizer ------------------------===//

#include "RegexSplitter.h"

#include "qwen3/TokenizerError.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace qwen3::detail {

struct RegexSplitter::Code {
  pcre2_code *regex = nullptr;

  Code() = default;
  Code(const Code &) = delete;
  Code &operator=(const Code &) = delete;
  ~Code() { pcre2_code_free(regex); }
};

RegexSplitter::RegexSplitter(const std::string &pattern, bool literal) {
  auto compiled = std::make_shared<Code>();
  int error = 0;
  PCRE2_SIZE offset = 0;
  // PCRE2 refuses Unicode properties for a literal, which has no classes
  // to apply them to.
  uint32_t options = PCRE2_UTF | (literal ? PCRE2_LITERAL : PCRE2_UCP);
  compiled->regex =
      pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()),
                    pattern.size(), options, &error, &offset, nullptr);
  if (!compiled->regex) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(error, message, sizeof(message));
    throw TokenizerError("invalid pre-tokenizer regex at offset " +
                         std::to_string(offset) + ": " +
                         reinterpret_cast<const char *>(message));
  }
  // pcre2_match runs the JIT code when there is some; where the JIT is
  // missing the interpreter gives the same matches, only slower.
  pcre2_jit_compile(compiled->regex, PCRE2_JIT_COMPLETE);
  code = std::move(compiled);
}

void RegexSplitter::split(std::string_view text,
                          std::vector<std::string_view> &pieces) const {
  std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> match(
      pcre2_match_data_create_from_pattern(code->regex, nullptr),
      &pcre2_match_data_free);
  if (!match)
    throw std::bad_alloc();
  auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  std::size_t done = 0;
  std::size_t from = 0;
  while (from < text.size()) {
    // The text was checked to be UTF-8 once, before splitting.
    int rc = pcre2_match(code->regex, subject, text.size(), from,
                         PCRE2_NO_UTF_CHECK, match.get(), nullptr);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
      rc = pcre2_match(code->regex, subject, text.size(), from,
                       PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, match.get(), nullptr);
    if (rc == PCRE2_ERROR_NOMATCH)
      break;
    if (rc < 0) {
      PCRE2_UCHAR message[256];
      pcre2_get_error_message(rc, message, sizeof(message));
      throw TokenizerError(std::string("pre-tokenizer regex failed: ") +
                           reinterpret_cast<const char *>(message));
    }
    const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(match.get());
    std::size_t start = ovector[0], end = ovector[1];
    if (start > done)
      pieces.push_back(text.substr(done, start - done));
    if (end > start) {
      pieces.push_back(text.substr(start, end - start));
      done = end;
      from = end;
      continue;
    }
    // An empty match splits nothing; look again one character on.
    done = start;
    from = start + 1;
    while (from < text.size() &&
           (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
      ++from;
  }
  if (done < text.size())
    pieces.push_back(text.substr(done));
}

} // namespace qwen3::detail
