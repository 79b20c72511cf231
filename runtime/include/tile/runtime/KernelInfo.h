//===- KernelInfo.h - A kernel's description from its metadata --*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNELINFO_H
#define TILE_RUNTIME_KERNELINFO_H

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tile::rt {

/// What a kernel parameter is (docs/abi.md).
enum class ParamKind { Piece, View, Scalar };

/// One kernel parameter.
struct ParamInfo {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  /// "f16", "bf16", "f32", "i1", "i32" or "i64".
  std::string dtype;
  int rank = 0;
  /// The piece shape, for pieces.
  std::vector<int64_t> tile;
};

/// One kernel of a cubin.
struct KernelInfo {
  /// The C++ name, as "saxpy<1024>".
  std::string name;
  /// The cubin's entry symbol.
  std::string entry;
  std::array<unsigned, 3> block = {1, 1, 1};
  unsigned sharedBytes = 0;
  std::vector<ParamInfo> params;

  /// Parses one element of an entry's "kernels" array; throws Error.
  static KernelInfo fromJson(const nlohmann::json &json);
};

/// Bytes of one element of `dtype` in memory; throws Error on an unknown
/// name.
int64_t dtypeBytes(const std::string &dtype);

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNELINFO_H
