//===- KernelList.cpp - The kernels a cache entry describes ---------------===//

#include "KernelListJson.h"
#include "PreconditionJson.h"
#include "tile/formats/ElementTypes.h"

#include <algorithm>
#include <limits>

using namespace tile::formats;
using nlohmann::json;

const char *tile::formats::paramKindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Piece:
    return "piece";
  case ParamKind::InputPiece:
    return "input_piece";
  case ParamKind::View:
    return "view";
  case ParamKind::Atomic:
    return "atomic";
  case ParamKind::Scalar:
    return "scalar";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static json paramToJson(const ParamRecord &param) {
  json out = {{"name", param.name},
              {"kind", paramKindName(param.kind)},
              {"dtype", param.dtype}};
  if (param.kind != ParamKind::Scalar)
    out["rank"] = param.rank;
  if (isPartitioned(param.kind))
    out["tile"] = param.tile;
  return out;
}

static json launchToJson(const LaunchRecord &launch) {
  json out = {{"entry", launch.entry},
              {"block", launch.block},
              {"shared_bytes", launch.sharedBytes},
              {"grid_dependency", launch.gridDependency}};
  if (launch.persistent != 0)
    out["persistent"] = launch.persistent;
  return out;
}

json tile::formats::kernelListToJson(const std::vector<KernelRecord> &kernels) {
  json list = json::array();
  for (const KernelRecord &kernel : kernels) {
    json out = launchToJson(kernel.launch);
    out["name"] = kernel.name;
    out["params"] = json::array();
    for (const ParamRecord &param : kernel.params)
      out["params"].push_back(paramToJson(param));
    if (!kernel.tensorMaps.empty()) {
      out["tensor_maps"] = json::array();
      for (const TensorMapRecord &map : kernel.tensorMaps)
        out["tensor_maps"].push_back(
            {{"view", map.view}, {"box", map.box}, {"swizzle", map.swizzle}});
    }
    if (kernel.fallback)
      out["fallback"] = launchToJson(*kernel.fallback);
    if (!kernel.tuned.empty()) {
      out["tuned"] = json::array();
      for (const TunedReplacement &replacement : kernel.tuned)
        out["tuned"].push_back(
            {{"device", replacement.device}, {"kernel", replacement.kernel}});
    }
    if (!kernel.preconditions.empty()) {
      out["preconditions"] = json::array();
      for (const PreconditionRecord &precondition : kernel.preconditions)
        out["preconditions"].push_back(preconditionToJson(precondition));
    }
    list.push_back(std::move(out));
  }
  return list;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// The integer `field` of `object`, which must lie in [min, max]; `what`
/// names the object in the error.
static int64_t integerField(const json &object, const char *field, int64_t min,
                            int64_t max, const std::string &what) {
  const json &value = object.at(field);
  if (!value.is_number_integer())
    throw MalformedKernels(what + " has a \"" + field +
                           "\" that is not an integer");
  // Unsigned values past int64 are out of every range here.
  if (value.is_number_unsigned() &&
      value.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
    throw MalformedKernels(what + " has a \"" + field + "\" of " +
                           value.dump());
  int64_t number = value.get<int64_t>();
  if (number < min || number > max)
    throw MalformedKernels(what + " has a \"" + field + "\" of " +
                           std::to_string(number) + " (" + std::to_string(min) +
                           " to " + std::to_string(max) + ")");
  return number;
}

static ParamKind parseKind(const std::string &kind, const std::string &what) {
  if (kind == "piece")
    return ParamKind::Piece;
  if (kind == "input_piece")
    return ParamKind::InputPiece;
  if (kind == "view")
    return ParamKind::View;
  if (kind == "atomic")
    return ParamKind::Atomic;
  if (kind == "scalar")
    return ParamKind::Scalar;
  throw MalformedKernels(what + " has an unknown parameter kind '" + kind +
                         "'");
}

/// Reads one parameter and checks that its fields fit together.
static ParamRecord parseParam(const json &object) {
  ParamRecord param;
  param.name = object.at("name").get<std::string>();
  std::string what = "parameter '" + param.name + "'";
  param.kind = parseKind(object.at("kind").get<std::string>(), what);
  param.dtype = object.at("dtype").get<std::string>();
  if (!findElementType(param.dtype))
    throw MalformedKernels(what + " has an unknown element type '" +
                           param.dtype + "'");
  switch (param.kind) {
  case ParamKind::Scalar:
    if (param.dtype == "i1" || param.dtype == "f8e4m3" ||
        param.dtype == "f8e5m2")
      throw MalformedKernels(what + " is a scalar of type " + param.dtype +
                             ", which the ABI does not pass");
    return param;
  case ParamKind::View:
    param.rank = int(integerField(object, "rank", 1,
                                  std::numeric_limits<int32_t>::max(), what));
    return param;
  case ParamKind::Atomic:
    param.rank = int(integerField(object, "rank", 1, 3, what));
    // Atomic updates are of f16, bf16 and the 32- and 64-bit types.
    if (findElementType(param.dtype)->bytes < 2 || param.dtype == "i16" ||
        param.dtype == "u16")
      throw MalformedKernels(what + " is an atomic output of " + param.dtype +
                             ", which atomics do not update");
    return param;
  case ParamKind::Piece:
  case ParamKind::InputPiece:
    param.rank = int(integerField(object, "rank", 1,
                                  std::numeric_limits<int32_t>::max(), what));
    if (param.rank > 3)
      throw MalformedKernels(what + " has rank " + std::to_string(param.rank) +
                             "; a piece has 1 to 3 dimensions");
    for (const json &extent : object.at("tile"))
      param.tile.push_back(integerField(json{{"tile", extent}}, "tile", 1,
                                        std::numeric_limits<int32_t>::max(),
                                        what));
    if (param.tile.size() != size_t(param.rank))
      throw MalformedKernels(what + " has rank " + std::to_string(param.rank) +
                             " but " + std::to_string(param.tile.size()) +
                             " tile extents");
    return param;
  }
  return param;
}

/// Reads how one entry of a kernel is launched: its symbol, block, shared
/// memory and grid dependency.
static LaunchRecord parseLaunch(const json &object) {
  LaunchRecord launch;
  launch.entry = object.at("entry").get<std::string>();
  if (launch.entry.empty())
    throw MalformedKernels("the entry symbol is empty");
  const json &block = object.at("block");
  if (!block.is_array() || block.size() != 3)
    throw MalformedKernels("the block is not 3 extents");
  uint64_t threads = 1;
  for (size_t axis = 0; axis < 3; ++axis) {
    launch.block[axis] = unsigned(
        integerField(json{{"block", block[axis]}}, "block", 0, 1024, "it"));
    threads *= launch.block[axis];
  }
  if (threads == 0 || threads > 1024)
    throw MalformedKernels("a block of " + std::to_string(launch.block[0]) +
                           "x" + std::to_string(launch.block[1]) + "x" +
                           std::to_string(launch.block[2]) +
                           " threads is not launchable (1 to 1024)");
  if (object.contains("shared_bytes"))
    launch.sharedBytes = unsigned(
        integerField(object, "shared_bytes", 0,
                     std::numeric_limits<int32_t>::max(), "the entry"));
  launch.gridDependency = object.value("grid_dependency", false);
  if (object.contains("persistent"))
    launch.persistent = unsigned(integerField(
        object, "persistent", 1, kMaxPersistentPrograms, "the entry"));
  return launch;
}

/// Reads one tensor map and checks it against the parameters.
static TensorMapRecord parseTensorMap(const json &object,
                                      const std::vector<ParamRecord> &params) {
  TensorMapRecord map;
  map.view = size_t(integerField(
      object, "view", 0, std::numeric_limits<int32_t>::max(), "a tensor map"));
  std::string which = "tensor map of parameter " + std::to_string(map.view);
  if (map.view >= params.size() || params[map.view].kind != ParamKind::View)
    throw MalformedKernels(which + ": not a view parameter");
  for (const json &extent : object.at("box"))
    map.box.push_back(
        uint32_t(integerField(json{{"box", extent}}, "box", 0,
                              std::numeric_limits<int32_t>::max(), which)));
  int rank = params[map.view].rank;
  if (rank < 2 || size_t(rank) > kMaxTensorMapRank ||
      map.box.size() != size_t(rank))
    throw MalformedKernels(
        which + ": a box of " + std::to_string(map.box.size()) +
        " extents for a view of rank " + std::to_string(rank) +
        " (one per dimension, 2 to " + std::to_string(kMaxTensorMapRank) + ")");
  for (uint32_t extent : map.box)
    if (extent < 1 || extent > 256)
      throw MalformedKernels(which + ": a box extent of " +
                             std::to_string(extent) + " (1 to 256)");
  map.swizzle = unsigned(integerField(object, "swizzle", 0, 1024, which));
  if (map.swizzle != 32 && map.swizzle != 64 && map.swizzle != 128)
    throw MalformedKernels(which + ": a swizzle of " +
                           std::to_string(map.swizzle) +
                           " bytes (32, 64 or 128)");
  return map;
}

/// Reads a kernel's launch preconditions, each checked against its
/// parameters.
static std::vector<PreconditionRecord>
parsePreconditions(const json &list, const std::vector<ParamRecord> &params) {
  if (!list.is_array())
    throw MalformedKernels("its \"preconditions\" is not a list");
  std::vector<PreconditionRecord> preconditions;
  for (const json &precondition : list)
    preconditions.push_back(preconditionFromJson(precondition, params));
  return preconditions;
}

static KernelRecord parseKernel(const json &object) {
  KernelRecord kernel;
  kernel.launch = parseLaunch(object);
  for (const json &param : object.at("params"))
    kernel.params.push_back(parseParam(param));
  if (object.contains("tensor_maps")) {
    for (const json &map : object.at("tensor_maps"))
      kernel.tensorMaps.push_back(parseTensorMap(map, kernel.params));
    if (!object.contains("fallback"))
      throw MalformedKernels(
          "it takes tensor maps but names no fallback entry");
    kernel.fallback = parseLaunch(object.at("fallback"));
  }
  if (object.contains("tuned"))
    for (const json &replacement : object.at("tuned"))
      kernel.tuned.push_back({replacement.at("device").get<std::string>(),
                              replacement.at("kernel").get<std::string>()});
  if (object.contains("preconditions"))
    kernel.preconditions =
        parsePreconditions(object.at("preconditions"), kernel.params);
  return kernel;
}

/// Whether a launch of `written` may run `replacement` instead: the same
/// parameters but for the pieces' tiles.
static bool sameSignature(const KernelRecord &written,
                          const KernelRecord &replacement) {
  return std::ranges::equal(written.params, replacement.params,
                            [](const ParamRecord &a, const ParamRecord &b) {
                              return a.kind == b.kind && a.dtype == b.dtype &&
                                     a.rank == b.rank;
                            });
}

/// Checks that every tuned replacement names a kernel of `kernels` that
/// takes the same parameters.
static void checkReplacements(const std::vector<KernelRecord> &kernels) {
  for (const KernelRecord &written : kernels)
    for (const TunedReplacement &replacement : written.tuned) {
      auto found =
          std::ranges::find(kernels, replacement.kernel, &KernelRecord::name);
      if (found == kernels.end() || !sameSignature(written, *found))
        throw MalformedKernels(
            "kernel '" + written.name + "' is replaced on " +
            replacement.device + " by '" + replacement.kernel +
            "', which the entry " +
            (found == kernels.end() ? "lacks" : "has with other parameters"));
    }
}

std::vector<KernelRecord> tile::formats::kernelListFromJson(const json &list) {
  if (!list.is_array())
    throw MalformedKernels("no kernel list");
  std::vector<KernelRecord> kernels;
  for (const json &object : list) {
    std::string name = "?";
    try {
      if (!object.is_object())
        throw MalformedKernels("it is not an object");
      name = object.at("name").get<std::string>();
      kernels.push_back(parseKernel(object));
      kernels.back().name = name;
    } catch (const json::exception &e) {
      throw MalformedKernels("malformed kernel metadata for '" + name +
                             "': " + e.what());
    } catch (const MalformedKernels &e) {
      throw MalformedKernels("malformed kernel metadata for '" + name +
                             "': " + e.what());
    }
  }
  checkReplacements(kernels);
  return kernels;
}
