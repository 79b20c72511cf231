//===- TuningProblem.cpp - The arguments a kernel is tuned on -------------===//

#include "TuningProblem.h"

#include "tile/runtime/Error.h"

#include <charconv>
#include <sstream>

using namespace tile;
using tile::rt::Error;

/// The integer or number `text` spells in full, or an error naming `what`.
template <class T>
static T parseNumber(std::string_view text, const std::string &what) {
  T value{};
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw Error(what + ": '" + std::string(text) + "' is not a number");
  return value;
}

tune::TensorFill tune::tensorFill(rt::ParamKind kind) {
  if (kind == rt::ParamKind::Scalar)
    return TensorFill::None;
  return isWritten(kind) ? TensorFill::Output : TensorFill::Input;
}

tune::Problem tune::parseProblem(std::string_view text,
                                 const rt::KernelInfo &kernel) {
  Problem problem{std::string(text), {}};
  problem.arguments.resize(kernel.params.size());
  std::vector<bool> given(kernel.params.size(), false);
  std::istringstream words{std::string(text)};
  std::string word;
  auto names = [&] {
    std::string list;
    for (const rt::ParamInfo &param : kernel.params)
      list += (list.empty() ? "" : " ") + param.name;
    return list;
  };
  while (words >> word) {
    size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0)
      throw Error("'" + word + "' is not NAME=VALUE");
    std::string name = word.substr(0, equals);
    std::string_view value = std::string_view(word).substr(equals + 1);
    size_t index = 0;
    while (index < kernel.params.size() && kernel.params[index].name != name)
      ++index;
    if (index == kernel.params.size())
      throw Error(kernel.name + " has no parameter '" + name +
                  "' (it has: " + names() + ")");
    if (given[index])
      throw Error("'" + name + "' is given twice");
    given[index] = true;
    const rt::ParamInfo &param = kernel.params[index];
    ProblemArgument &argument = problem.arguments[index];
    if (param.kind == rt::ParamKind::Scalar) {
      argument.value = parseNumber<double>(value, name);
      continue;
    }
    for (size_t start = 0; start <= value.size();) {
      size_t end = value.find('x', start);
      if (end == std::string_view::npos)
        end = value.size();
      int64_t extent = parseNumber<int64_t>(value.substr(start, end - start),
                                            name + "'s extent");
      if (extent < 1)
        throw Error(name + ": an extent of " + std::to_string(extent) +
                    " (extents are at least 1)");
      argument.shape.push_back(extent);
      start = end + 1;
    }
    if (argument.shape.size() != size_t(param.rank))
      throw Error(name + " has rank " + std::to_string(param.rank) + ", '" +
                  std::string(value) + "' gives " +
                  std::to_string(argument.shape.size()) + " extents");
  }
  for (size_t i = 0; i < given.size(); ++i)
    if (!given[i])
      throw Error("no value for '" + kernel.params[i].name +
                  "' (a problem gives every parameter: " + names() + ")");
  return problem;
}
