//===- SafeTensors.h - A memory-mapped safetensors file ---------*- C++ -*-===//
//
// The safetensors format: an 8-byte little-endian header length, a JSON
// header mapping tensor names to dtype, shape and byte offsets, then the
// tensors' bytes. The file is mapped, not read: a tensor's data is a span
// into the mapping, valid while the SafeTensorsFile lives.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_SAFETENSORS_H
#define QWEN3_SAFETENSORS_H

#include "qwen3/DType.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3 {

/// One tensor of a safetensors file.
struct TensorInfo {
  /// Its name in the header ("model.norm.weight").
  std::string name;
  /// Its element type.
  DType dtype = DType::F32;
  /// Its dimensions, outermost first; empty for a scalar.
  std::vector<int64_t> shape;
  /// Its bytes, little-endian, row-major, in the file's mapping; not
  /// necessarily aligned to the element size.
  std::span<const std::byte> data;
  /// The file it is in, for error messages.
  std::filesystem::path file;

  /// The number of elements: the product of the shape (1 for a scalar).
  int64_t numel() const;
};

/// "[1024, 256]": a shape as error messages and listings show it.
std::string formatShape(std::span<const int64_t> shape);

/// A safetensors file, mapped read-only and checked: every tensor's dtype is
/// known, its bytes lie inside the data section, its size is its element
/// count times its element size, and no two tensors overlap. Move-only; the
/// mapping goes with the object.
class SafeTensorsFile {
public:
  /// Maps and checks the file at `path`; throws qwen3::Error naming the file
  /// (and the tensor, where one is at fault).
  static SafeTensorsFile open(const std::filesystem::path &path);

  SafeTensorsFile(SafeTensorsFile &&other) noexcept;
  SafeTensorsFile &operator=(SafeTensorsFile &&other) noexcept;
  SafeTensorsFile(const SafeTensorsFile &) = delete;
  SafeTensorsFile &operator=(const SafeTensorsFile &) = delete;
  ~SafeTensorsFile();

  /// The file's path.
  const std::filesystem::path &path() const { return filePath; }

  /// The tensors, in the order of their data in the file.
  std::span<const TensorInfo> tensors() const { return entries; }

  /// The tensor called `name`, or null.
  const TensorInfo *find(std::string_view name) const;

private:
  SafeTensorsFile() = default;
  void unmap() noexcept;

  std::filesystem::path filePath;
  const std::byte *mapping = nullptr;
  std::size_t mappedSize = 0;
  std::vector<TensorInfo> entries;
};

} // namespace qwen3

#endif // QWEN3_SAFETENSORS_H
