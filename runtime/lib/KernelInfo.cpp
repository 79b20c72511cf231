//===- KernelInfo.cpp - A kernel's description from its metadata ----------===//

#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/Error.h"

#include <nlohmann/json.hpp>

using namespace tile::rt;

int64_t tile::rt::dtypeBytes(const std::string &dtype) {
  if (dtype == "f32" || dtype == "i32")
    return 4;
  if (dtype == "f16" || dtype == "bf16")
    return 2;
  if (dtype == "i64")
    return 8;
  if (dtype == "i1")
    return 1;
  throw Error("unknown element type '" + dtype + "'");
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

KernelInfo KernelInfo::fromJson(const nlohmann::json &json) {
  try {
    KernelInfo info;
    info.name = json.at("name").get<std::string>();
    info.entry = json.at("entry").get<std::string>();
    info.block = json.at("block").get<std::array<unsigned, 3>>();
    info.sharedBytes = json.value("shared_bytes", 0u);
    for (const nlohmann::json &param : json.at("params")) {
      ParamInfo p;
      p.name = param.at("name").get<std::string>();
      p.kind = parseKind(param.at("kind").get<std::string>());
      p.dtype = param.at("dtype").get<std::string>();
      dtypeBytes(p.dtype);
      p.rank = param.value("rank", 0);
      if (p.kind == ParamKind::Piece)
        p.tile = param.at("tile").get<std::vector<int64_t>>();
      info.params.push_back(std::move(p));
    }
    return info;
  } catch (const nlohmann::json::exception &e) {
    throw Error(std::string("malformed kernel metadata: ") + e.what());
  }
}
