//===- LauncherHeader.h - Typed launchers for a kernel file -----*- C++ -*-===//

#ifndef TILE_DRIVER_LAUNCHERHEADER_H
#define TILE_DRIVER_LAUNCHERHEADER_H

#include "tile/formats/CacheEntry.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tile::driver {

/// The C++ header of typed launchers (tilecc --emit=launcher) for the kernels
/// of the cache entry `entry` (what --emit=manifest writes), compiled from
/// the kernel file `sourcePath`: one class per kernel, the entry's key and
/// target, and, given `cubin`, the cubin and the entry's JSON without the
/// compiler and the source. The same entry and file name give the same
/// bytes.
llvm::Expected<std::string>
writeLauncherHeader(const formats::EntryRecord &entry,
                    llvm::StringRef sourcePath,
                    std::optional<llvm::StringRef> cubin);

} // namespace tile::driver

#endif // TILE_DRIVER_LAUNCHERHEADER_H
