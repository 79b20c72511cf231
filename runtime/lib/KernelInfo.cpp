//===- KernelInfo.cpp - A kernel's description from its metadata ----------===//

#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/Error.h"

#include <nlohmann/json.hpp>

using namespace tile::rt;

const char *tile::rt::paramKindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Piece:
    return "piece";
  case ParamKind::View:
    return "view";
  case ParamKind::Scalar:
    return "scalar";
  }
  return "?";
}

static ParamKind parseKind(const std::string &kind) {
  if (kind == "piece")
    return ParamKind::Piece;
  if (kind == "view")
    return ParamKind::View;
  if (kind == "scalar")
    return ParamKind::Scalar;
  throw Error("unknown parameter kind '" + kind + "'");
}

/// Parses one parameter and checks that its fields fit together.
static ParamInfo parseParam(const nlohmann::json &json) {
  ParamInfo param;
  param.name = json.at("name").get<std::string>();
  auto fail = [&](const std::string &why) {
    return Error("parameter '" + param.name + "' " + why);
  };
  try {
    param.kind = parseKind(json.at("kind").get<std::string>());
    param.dtype = json.at("dtype").get<std::string>();
  } catch (const Error &e) {
    throw fail(std::string("has an ") + e.what());
  }
  switch (param.kind) {
  case ParamKind::Scalar:
    if (param.dtype == "i1")
      throw fail("is a scalar of type i1, which the ABI does not pass");
    return param;
  case ParamKind::View:
    param.rank = json.at("rank").get<int>();
    if (param.rank < 1)
      throw fail("has rank " + std::to_string(param.rank));
    return param;
  case ParamKind::Piece:
    param.rank = json.at("rank").get<int>();
    param.tile = json.at("tile").get<std::vector<int64_t>>();
    if (param.rank < 1 || param.rank > 3)
      throw fail("has rank " + std::to_string(param.rank) +
                 "; a piece has 1 to 3 dimensions");
    if (param.tile.size() != size_t(param.rank))
      throw fail("has rank " + std::to_string(param.rank) + " but " +
                 std::to_string(param.tile.size()) + " tile extents");
    for (int64_t extent : param.tile)
      if (extent < 1)
        throw fail("has a tile extent of " + std::to_string(extent));
    return param;
  }
  return param;
}

/// Reads how one entry of the kernel is launched: its symbol, block,
/// shared memory and grid dependency.
static void parseEntry(const nlohmann::json &json, KernelInfo &info) {
  info.entry = json.at("entry").get<std::string>();
  if (info.entry.empty())
    throw Error("the entry symbol is empty");
  info.block = json.at("block").get<std::array<unsigned, 3>>();
  uint64_t threads = uint64_t(info.block[0]) * info.block[1] * info.block[2];
  if (threads == 0 || threads > 1024)
    throw Error("a block of " + std::to_string(info.block[0]) + "x" +
                std::to_string(info.block[1]) + "x" +
                std::to_string(info.block[2]) +
                " threads is not launchable (1 to 1024)");
  info.sharedBytes = json.value("shared_bytes", 0u);
  info.gridDependency = json.value("grid_dependency", false);
}

/// Parses one tensor map and checks it against the parameters.
static TensorMapInfo parseTensorMap(const nlohmann::json &json,
                                    const std::vector<ParamInfo> &params) {
  TensorMapInfo map;
  map.view = json.at("view").get<size_t>();
  map.box = json.at("box").get<std::vector<uint32_t>>();
  map.swizzle = json.at("swizzle").get<unsigned>();
  std::string which = "tensor map of parameter " + std::to_string(map.view);
  if (map.view >= params.size() || params[map.view].kind != ParamKind::View)
    throw Error(which + ": not a view parameter");
  int rank = params[map.view].rank;
  if (rank < 2 || size_t(rank) > kMaxTensorMapRank ||
      map.box.size() != size_t(rank))
    throw Error(which + ": a box of " + std::to_string(map.box.size()) +
                " extents for a view of rank " + std::to_string(rank) +
                " (one per dimension, 2 to " +
                std::to_string(kMaxTensorMapRank) + ")");
  for (uint32_t extent : map.box)
    if (extent < 1 || extent > 256)
      throw Error(which + ": a box extent of " + std::to_string(extent) +
                  " (1 to 256)");
  if (map.swizzle != 32 && map.swizzle != 64 && map.swizzle != 128)
    throw Error(which + ": a swizzle of " + std::to_string(map.swizzle) +
                " bytes (32, 64 or 128)");
  return map;
}

KernelInfo KernelInfo::fromJson(const nlohmann::json &json) {
  std::string name = "?";
  try {
    KernelInfo info;
    info.name = name = json.at("name").get<std::string>();
    parseEntry(json, info);
    for (const nlohmann::json &param : json.at("params"))
      info.params.push_back(parseParam(param));
    if (json.contains("tensor_maps")) {
      for (const nlohmann::json &map : json.at("tensor_maps"))
        info.tensorMaps.push_back(parseTensorMap(map, info.params));
      if (!json.contains("fallback"))
        throw Error("it takes tensor maps but names no fallback entry");
      auto fallback = std::make_shared<KernelInfo>();
      fallback->name = info.name;
      fallback->params = info.params;
      parseEntry(json.at("fallback"), *fallback);
      info.fallback = std::move(fallback);
    }
    if (json.contains("tuned"))
      for (const nlohmann::json &replacement : json.at("tuned"))
        info.tuned.push_back({replacement.at("device").get<std::string>(),
                              replacement.at("kernel").get<std::string>()});
    return info;
  } catch (const nlohmann::json::exception &e) {
    throw Error("malformed kernel metadata for '" + name + "': " + e.what());
  } catch (const Error &e) {
    throw Error("malformed kernel metadata for '" + name + "': " + e.what());
  }
}
