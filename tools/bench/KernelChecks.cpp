//===- KernelChecks.cpp - The kernel cases of the GPU harnesses -----------===//
//
// Reads the spec as tools/bench/kernel_checks.py does, check for check and
// message for message: the objects and their keys, each shape's values
// against its set's dimensions, each model's dimensions against the case's,
// unique names and seeds, and no shape set left unused.
//
//===----------------------------------------------------------------------===//

#include "KernelChecks.h"

#include "tile/runtime/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tile::bench {
namespace {

using Json = nlohmann::ordered_json;
using rt::Error;

constexpr std::string_view kHarnesses[] = {"gpu_examples", "torch_harness"};
constexpr std::pair<std::string_view, int> kElementBytes[] = {
    {"f32", 4},    {"f64", 8}, {"f16", 2}, {"bf16", 2}, {"f8e4m3", 1},
    {"f8e5m2", 1}, {"i8", 1},  {"i16", 2}, {"i32", 4},  {"i64", 8},
    {"u8", 1},     {"u16", 2}, {"u32", 4}, {"u64", 8}};

std::string join(const std::vector<std::string> &items) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : ", ") + item;
  return text;
}

template <class Range> std::vector<std::string> strings(const Range &range) {
  std::vector<std::string> result;
  for (const auto &item : range) {
    if constexpr (requires { item.first; })
      result.emplace_back(item.first);
    else
      result.emplace_back(item);
  }
  return result;
}

bool contains(const std::vector<std::string> &items, std::string_view item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

/// What a value is, for messages: "an array", "the number 1.5".
std::string kind(const Json &v) {
  if (v.is_boolean())
    return "a boolean";
  if (v.is_number())
    return "the number " + v.dump();
  if (v.is_string())
    return "the string \"" + v.get<std::string>() + "\"";
  if (v.is_array())
    return "an array";
  if (v.is_null())
    return "null";
  return "an object";
}

void object(const Json &v, const std::string &where,
            const std::vector<std::string> &required,
            const std::vector<std::string> &optional = {}) {
  if (!v.is_object())
    throw Error(where + ": expected an object, found " + kind(v));
  for (const std::string &key : required)
    if (!v.contains(key))
      throw Error(where + ": missing \"" + key + "\"");
  std::vector<std::string> unknown;
  for (const auto &[key, value] : v.items())
    if (!contains(required, key) && !contains(optional, key))
      unknown.push_back(key);
  if (!unknown.empty()) {
    std::vector<std::string> known = required;
    known.insert(known.end(), optional.begin(), optional.end());
    throw Error(where + ": unknown key \"" +
                *std::min_element(unknown.begin(), unknown.end()) +
                "\" (known: " + join(known) + ")");
  }
}

std::vector<std::string> stringList(const Json &v, const std::string &where,
                                    bool allowEmpty = false) {
  std::vector<std::string> result;
  if (!v.is_array())
    throw Error(where + ": expected an array of non-empty strings");
  for (const Json &item : v) {
    if (!item.is_string() || item.get<std::string>().empty())
      throw Error(where + ": expected an array of non-empty strings");
    result.push_back(item.get<std::string>());
  }
  if (result.empty() && !allowEmpty)
    throw Error(where + ": expected at least one string");
  for (size_t i = 0; i < result.size(); ++i)
    if (std::count(result.begin(), result.end(), result[i]) > 1)
      throw Error(where + ": \"" + result[i] + "\" appears twice");
  return result;
}

bool isWholeNumber(const Json &v) {
  return v.is_number_integer() && !v.is_boolean();
}

int64_t count(const Json &v, const std::string &where) {
  if (!isWholeNumber(v) ||
      (v.is_number_unsigned() ? v.get<uint64_t>() > uint64_t(INT64_MAX)
                              : v.get<int64_t>() < 0))
    throw Error(where + ": expected a whole number >= 0, found " + kind(v));
  return v.get<int64_t>();
}

std::string nonEmptyString(const Json &v, const std::string &where) {
  if (!v.is_string() || v.get<std::string>().empty())
    throw Error(where + ": expected a non-empty string");
  return v.get<std::string>();
}

/// A shape set, checked: its dimensions and its two lists of shapes.
struct ShapeSet {
  std::vector<std::string> dims;
  std::vector<std::vector<int64_t>> benchmark, check;
};

ShapeSet shapeSet(const Json &v, const std::string &where) {
  object(v, where, {"dims", "benchmark", "check"}, {"note"});
  ShapeSet set;
  set.dims = stringList(v["dims"], where + ": dims");
  for (const char *key : {"benchmark", "check"}) {
    const Json &shapes = v[key];
    bool isCheck = std::string_view(key) == "check";
    if (!shapes.is_array() || (isCheck && shapes.empty()))
      throw Error(where + ": " + key + ": expected an array of shapes" +
                  (isCheck ? ", at least one" : ""));
    auto &list = isCheck ? set.check : set.benchmark;
    for (size_t i = 0; i < shapes.size(); ++i) {
      std::string at = where + ": " + key + "[" + std::to_string(i) + "]";
      const Json &values = shapes[i];
      if (!values.is_array() || values.size() != set.dims.size())
        throw Error(
            at + ": expected " + std::to_string(set.dims.size()) +
            " values, one per dimension (" + join(set.dims) + "), found " +
            (values.is_array() ? std::to_string(values.size()) : kind(values)));
      std::vector<int64_t> shape;
      for (const Json &value : values)
        shape.push_back(count(value, at));
      list.push_back(std::move(shape));
    }
  }
  return set;
}

Factor factor(const Json &f, const std::vector<std::string> &dims,
              const std::string &where) {
  Factor result;
  const Json *dim = &f;
  if (f.is_object()) {
    object(f, where, {"ceil_div"});
    const Json &pair = f["ceil_div"];
    if (!(pair.is_array() && pair.size() == 2 && pair[0].is_string() &&
          isWholeNumber(pair[1]) && pair[1].get<int64_t>() > 0))
      throw Error(where + ": ceil_div takes [dimension, number > 0]");
    dim = &pair[0];
    result.number = pair[1].get<int64_t>();
  }
  if (dim->is_string()) {
    result.dim = dim->get<std::string>();
    if (!contains(dims, result.dim))
      throw Error(where + ": \"" + result.dim +
                  "\" is not a dimension of the case's shapes (" + join(dims) +
                  ")");
    return result;
  }
  if (!isWholeNumber(f) || (!f.is_number_unsigned() && f.get<int64_t>() < 0))
    throw Error(where +
                ": a factor is a number >= 0, a dimension or "
                "{\"ceil_div\": [dimension, number]}, found " +
                kind(f));
  result.number = f.get<int64_t>();
  return result;
}

std::vector<Term> terms(const Json &v, const std::string &where,
                        const std::vector<std::string> &dims, bool tensors) {
  if (!v.is_array())
    throw Error(where + ": expected an array");
  std::vector<Term> result;
  for (size_t i = 0; i < v.size(); ++i) {
    std::string at = where + "[" + std::to_string(i) + "]";
    const Json &term = v[i];
    if (!term.is_array() || term.empty())
      throw Error(at + ": expected a non-empty array");
    Term parsed;
    size_t first = 0;
    if (tensors) {
      if (!term[0].is_string() || !elementBytes(term[0].get<std::string>()))
        throw Error(at + ": the first entry is the element type, one of " +
                    join(strings(kElementBytes)) + "; found " + kind(term[0]));
      parsed.dtype = term[0].get<std::string>();
      first = 1;
    }
    for (size_t j = first; j < term.size(); ++j)
      parsed.factors.push_back(factor(term[j], dims, at));
    result.push_back(std::move(parsed));
  }
  return result;
}

KernelCase kernelCase(const Json &v, size_t index,
                      const std::map<std::string, ShapeSet> &sets,
                      const std::string &origin, std::string &setName) {
  std::string where = origin + ": cases[" + std::to_string(index) + "]";
  if (v.is_object() && v.contains("name") && v["name"].is_string())
    where = origin + ": case '" + v["name"].get<std::string>() + "'";
  object(v, where,
         {"name", "harnesses", "manifest", "kernels", "shapes", "seed", "reads",
          "writes"},
         {"flops", "fixed", "timed", "exact", "note"});
  KernelCase c;
  c.name = nonEmptyString(v["name"], where + ": name");
  c.harnesses = stringList(v["harnesses"], where + ": harnesses");
  if (v.contains("exact"))
    c.exact = stringList(v["exact"], where + ": exact", /*allowEmpty=*/true);
  std::vector<std::string> named = c.harnesses;
  named.insert(named.end(), c.exact.begin(), c.exact.end());
  for (const std::string &h : named)
    if (!contains(strings(kHarnesses), h))
      throw Error(where + ": unknown harness \"" + h +
                  "\" (harnesses: " + join(strings(kHarnesses)) + ")");
  for (const std::string &h : c.exact)
    if (!contains(c.harnesses, h))
      throw Error(where + ": exact names " + h +
                  ", which does not run the case");
  c.manifest = nonEmptyString(v["manifest"], where + ": manifest");
  c.kernels = stringList(v["kernels"], where + ": kernels");
  setName = v["shapes"].is_string() ? v["shapes"].get<std::string>() : "";
  auto set = sets.find(setName);
  if (!v["shapes"].is_string() || set == sets.end())
    throw Error(where + ": shapes: expected the name of a shape set (" +
                join(strings(sets)) + "), found " + kind(v["shapes"]));
  c.seed = uint64_t(count(v["seed"], where + ": seed"));
  bool timed = true;
  if (v.contains("timed")) {
    if (!v["timed"].is_boolean())
      throw Error(where + ": timed: expected true or false");
    timed = v["timed"].get<bool>();
  }
  std::vector<std::string> dims = set->second.dims;
  std::vector<std::pair<std::string, int64_t>> fixed;
  if (v.contains("fixed")) {
    if (!v["fixed"].is_object())
      throw Error(where + ": fixed: expected an object");
    for (const auto &[dim, value] : v["fixed"].items()) {
      if (contains(dims, dim))
        throw Error(where + ": fixed: \"" + dim +
                    "\" is a dimension of shape set \"" + setName +
                    "\" already");
      fixed.emplace_back(dim, count(value, where + ": fixed: " + dim));
    }
  }
  for (const auto &[dim, value] : fixed)
    dims.push_back(dim);
  c.reads = terms(v["reads"], where + ": reads", dims, /*tensors=*/true);
  c.writes = terms(v["writes"], where + ": writes", dims, /*tensors=*/true);
  if (v.contains("flops"))
    c.flops = terms(v["flops"], where + ": flops", dims, /*tensors=*/false);

  auto shapes = [&](const std::vector<std::vector<int64_t>> &list) {
    std::vector<Shape> result;
    for (const std::vector<int64_t> &values : list) {
      Shape shape;
      for (size_t i = 0; i < values.size(); ++i)
        shape.dims.emplace_back(set->second.dims[i], values[i]);
      shape.dims.insert(shape.dims.end(), fixed.begin(), fixed.end());
      result.push_back(std::move(shape));
    }
    return result;
  };
  if (timed)
    c.benchmark = shapes(set->second.benchmark);
  c.check = shapes(set->second.check);
  return c;
}

double product(const std::vector<Factor> &factors, const Shape &shape) {
  double value = 1;
  for (const Factor &f : factors) {
    if (f.dim.empty())
      value *= double(f.number);
    else
      value *= double((shape[f.dim] + f.number - 1) / f.number);
  }
  return value;
}

} // namespace

int elementBytes(std::string_view dtype) {
  for (const auto &[name, bytes] : kElementBytes)
    if (name == dtype)
      return bytes;
  return 0;
}

int64_t Shape::operator[](std::string_view dim) const {
  for (const auto &[name, value] : dims)
    if (name == dim)
      return value;
  throw Error("the shape " + str() + " has no dimension '" + std::string(dim) +
              "'");
}

std::string Shape::str() const {
  std::string text;
  for (const auto &[name, value] : dims)
    text += (text.empty() ? "" : " ") + name + "=" + std::to_string(value);
  return text;
}

bool KernelCase::runsIn(std::string_view harness) const {
  return contains(harnesses, harness);
}

bool KernelCase::exactIn(std::string_view harness) const {
  return contains(exact, harness);
}

double KernelCase::bytesAt(const Shape &shape) const {
  double bytes = 0;
  for (const std::vector<Term> *list : {&reads, &writes})
    for (const Term &t : *list)
      bytes += elementBytes(t.dtype) * product(t.factors, shape);
  return bytes;
}

double KernelCase::flopsAt(const Shape &shape) const {
  double total = 0;
  for (const Term &t : flops)
    total += product(t.factors, shape);
  return total;
}

KernelChecks KernelChecks::load(const std::filesystem::path &path) {
  std::ifstream in(path);
  if (!in)
    throw Error("cannot read " + path.string() + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

KernelChecks KernelChecks::parse(std::string_view text,
                                 const std::string &origin) {
  Json spec;
  try {
    spec = Json::parse(text);
  } catch (const Json::parse_error &e) {
    throw Error(origin + ": not JSON: " + e.what());
  }
  object(spec, origin, {"tolerance", "shapes", "cases"}, {"about"});
  KernelChecks checks;
  checks.origin = origin;
  if (!spec["tolerance"].is_object())
    throw Error(origin + ": tolerance: expected an object");
  for (const auto &[dtype, value] : spec["tolerance"].items()) {
    if (!elementBytes(dtype))
      throw Error(origin + ": tolerance: unknown element type \"" + dtype +
                  "\" (types: " + join(strings(kElementBytes)) + ")");
    if (!value.is_number() || value.get<double>() < 0)
      throw Error(origin + ": tolerance: " + dtype +
                  ": expected a number >= 0, found " + kind(value));
    checks.tolerances.emplace_back(dtype, value.get<double>());
  }
  if (!spec["shapes"].is_object())
    throw Error(origin + ": shapes: expected an object");
  std::map<std::string, ShapeSet> sets;
  for (const auto &[name, value] : spec["shapes"].items())
    sets[name] = shapeSet(value, origin + ": shape set \"" + name + "\"");
  const Json &cases = spec["cases"];
  if (!cases.is_array() || cases.empty())
    throw Error(origin + ": cases: expected a non-empty array");
  std::map<uint64_t, std::string> seeds;
  std::set<std::string> used;
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string setName;
    KernelCase c = kernelCase(cases[i], i, sets, origin, setName);
    std::string where = origin + ": case '" + c.name + "'";
    for (const KernelCase &earlier : checks.cases)
      if (earlier.name == c.name)
        throw Error(where + ": a second case of that name");
    if (auto seed = seeds.find(c.seed); seed != seeds.end())
      throw Error(where + ": seed " + std::to_string(c.seed) +
                  " is taken by case '" + seed->second +
                  "'; give each case its own");
    seeds[c.seed] = c.name;
    used.insert(setName);
    checks.cases.push_back(std::move(c));
  }
  for (const auto &[name, set] : sets)
    if (!used.count(name))
      throw Error(origin + ": shape set \"" + name + "\" is used by no case");
  return checks;
}

double KernelChecks::tolerance(std::string_view dtype) const {
  for (const auto &[name, value] : tolerances)
    if (name == dtype)
      return value;
  return 0;
}

std::vector<const KernelCase *>
KernelChecks::casesOf(std::string_view harness) const {
  std::vector<const KernelCase *> result;
  for (const KernelCase &c : cases)
    if (c.runsIn(harness))
      result.push_back(&c);
  return result;
}

std::vector<std::string> KernelChecks::coverageProblems(
    std::string_view harness,
    const std::vector<std::string> &implemented) const {
  std::vector<std::string> listed, problems;
  for (const KernelCase *c : casesOf(harness))
    listed.push_back(c->name);
  std::vector<std::string> sortedListed = listed,
                           sortedImplemented = implemented;
  std::sort(sortedListed.begin(), sortedListed.end());
  std::sort(sortedImplemented.begin(), sortedImplemented.end());
  for (const std::string &name : sortedListed)
    if (!contains(implemented, name))
      problems.push_back("case '" + name + "' names " + std::string(harness) +
                         ", which has no such case");
  for (const std::string &name : sortedImplemented) {
    if (contains(listed, name))
      continue;
    bool inSpec =
        std::any_of(cases.begin(), cases.end(),
                    [&](const KernelCase &c) { return c.name == name; });
    problems.push_back(std::string(harness) + " has case '" + name +
                       "', which is not in " + origin +
                       (inSpec ? " for " + std::string(harness) : ""));
  }
  return problems;
}

} // namespace tile::bench
