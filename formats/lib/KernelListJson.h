//===- KernelListJson.h - Kernel records to and from JSON -------*- C++ -*-===//
//
// The JSON form of KernelList.h's records, for CacheEntry.cpp, which reads
// and writes whole entries.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_KERNELLISTJSON_H
#define TILE_FORMATS_KERNELLISTJSON_H

#include "tile/formats/KernelList.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace tile::formats {

/// A kernel list that breaks the format; the message says which kernel and
/// field.
struct MalformedKernels : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The JSON array of `kernels`.
nlohmann::json kernelListToJson(const std::vector<KernelRecord> &kernels);

/// The kernels of the JSON array `json`, checked (CacheEntry.h, readEntry);
/// throws MalformedKernels.
std::vector<KernelRecord> kernelListFromJson(const nlohmann::json &json);

} // namespace tile::formats

#endif // TILE_FORMATS_KERNELLISTJSON_H
