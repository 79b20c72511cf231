//===- KernelInfo.cpp - A kernel's description from its metadata ----------===//

#include "tile/runtime/KernelInfo.h"

using namespace tile::rt;

/// `launch`'s symbol, block, shared memory and grid dependency in `info`.
static void setLaunch(const tile::formats::LaunchRecord &launch,
                      KernelInfo &info) {
  info.entry = launch.entry;
  info.block = launch.block;
  info.sharedBytes = launch.sharedBytes;
  info.gridDependency = launch.gridDependency;
  info.persistent = launch.persistent;
}

KernelInfo KernelInfo::fromRecord(const formats::KernelRecord &record) {
  KernelInfo info;
  info.name = record.name;
  setLaunch(record.launch, info);
  for (const formats::ParamRecord &param : record.params)
    info.params.push_back(
        {param.name, param.kind, DType(param.dtype), param.rank, param.tile});
  info.tensorMaps = record.tensorMaps;
  info.preconditions = record.preconditions;
  if (record.fallback) {
    auto fallback = std::make_shared<KernelInfo>();
    fallback->name = info.name;
    fallback->params = info.params;
    fallback->preconditions = info.preconditions;
    setLaunch(*record.fallback, *fallback);
    info.fallback = std::move(fallback);
  }
  info.tuned = record.tuned;
  return info;
}
