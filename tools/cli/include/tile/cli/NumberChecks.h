//===- NumberChecks.h - Checks of numeric command-line options --*- C++ -*-===//
//
// CLI11's PositiveNumber and Range print their bounds as "0.000000 to
// 1797693...", and its conversion clamps a value past int64 to the largest
// one without a word. These checks read the option's text as the option's
// type, refuse a value outside the type, and say the real bound:
//   --max-new-tokens: must be positive, not 0
//   --seed: 99999999999999999999 is too large: must be at most
//   18446744073709551615
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CLI_NUMBERCHECKS_H
#define TILE_CLI_NUMBERCHECKS_H

#include <CLI/CLI.hpp>

#include <charconv>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

namespace tile::cli {

/// `value` as a message shows it: 1, 0.5, 1e+06.
template <class T> std::string formatNumber(T value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

/// A check that the option's text is a T (a whole number for an integer
/// type) for which `accepts` holds; `requirement` ("must be positive") is
/// the message otherwise.
template <class T>
CLI::Validator numberCheck(std::function<bool(T)> accepts,
                           std::string requirement) {
  static_assert(std::is_arithmetic_v<T>);
  return CLI::Validator(
      [accepts, requirement](std::string &text) -> std::string {
        T value{};
        const char *end = text.data() + text.size();
        auto [last, error] = std::from_chars(text.data(), end, value);
        if (error == std::errc::result_out_of_range) {
          bool negative = !text.empty() && text[0] == '-';
          T bound = negative ? std::numeric_limits<T>::lowest()
                             : std::numeric_limits<T>::max();
          return text + " is too " + (negative ? "small" : "large") +
                 ": must be at " + (negative ? "least " : "most ") +
                 formatNumber(bound);
        }
        if (error != std::errc() || last != end)
          return "'" + text + "' is not " +
                 (std::is_unsigned_v<T>   ? "a whole number of 0 or more"
                  : std::is_integral_v<T> ? "a whole number"
                                          : "a number");
        if (!accepts(value))
          return requirement + ", not " + text;
        return "";
      },
      "", "");
}

/// Any T: refuses text that is not one, or lies past its range.
template <class T> CLI::Validator anyNumber() {
  return numberCheck<T>([](T) { return true; }, "");
}

/// A T above zero.
template <class T> CLI::Validator positive() {
  return numberCheck<T>([](T value) { return value > 0; }, "must be positive");
}

/// A T of zero or more.
template <class T> CLI::Validator nonNegative() {
  return numberCheck<T>([](T value) { return value >= 0; },
                        "must not be negative");
}

/// A T from `min` to `max`, both included.
template <class T> CLI::Validator between(T min, T max) {
  return numberCheck<T>(
      [min, max](T value) { return value >= min && value <= max; },
      "must be between " + formatNumber(min) + " and " + formatNumber(max));
}

} // namespace tile::cli

#endif // TILE_CLI_NUMBERCHECKS_H
