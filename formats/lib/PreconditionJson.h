//===- PreconditionJson.h - Preconditions to and from JSON ------*- C++ -*-===//
//
// The JSON form of a kernel's launch preconditions (KernelList.h,
// PreconditionRecord), for KernelList.cpp: {"text": "n % 16 == 0", "nodes":
// [[op, type, operands...], ...]}.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_PRECONDITIONJSON_H
#define TILE_FORMATS_PRECONDITIONJSON_H

#include "KernelListJson.h"

namespace tile::formats {

/// The JSON object of `precondition`.
nlohmann::json preconditionToJson(const PreconditionRecord &precondition);

/// The precondition of the JSON object `json`, checked against the kernel's
/// parameters `params`; throws MalformedKernels naming the precondition and
/// the node.
PreconditionRecord preconditionFromJson(const nlohmann::json &json,
                                        const std::vector<ParamRecord> &params);

} // namespace tile::formats

#endif // TILE_FORMATS_PRECONDITIONJSON_H
