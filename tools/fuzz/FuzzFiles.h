//===- FuzzFiles.h - Inputs of the fuzz targets as files --------*- C++ -*-===//
//
// Some parsers read only from files (a safetensors file is mapped, a model
// directory is opened by name): the fuzz targets write each input into a
// scratch directory of their own and hand the parser its path. The
// directory is removed when the process exits normally.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_FUZZ_FUZZFILES_H
#define TILE_TOOLS_FUZZ_FUZZFILES_H

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>

#include <unistd.h>

namespace tile::fuzz {

/// The input's bytes as text.
inline std::string_view asText(const uint8_t *data, size_t size) {
  return {reinterpret_cast<const char *>(data), size};
}

/// The input split at its first NUL byte, which no JSON text holds: the
/// text before it and, when there is one, the text after it.
inline std::pair<std::string_view, std::string_view>
splitAtNul(std::string_view input, bool &hasSecond) {
  size_t nul = input.find('\0');
  hasSecond = nul != std::string_view::npos;
  if (!hasSecond)
    return {input, {}};
  return {input.substr(0, nul), input.substr(nul + 1)};
}

/// A directory under the system's temporary directory, named after the
/// target and the process, so that parallel fuzzing jobs do not share it.
class ScratchDirectory {
public:
  explicit ScratchDirectory(std::string_view target)
      : dir(std::filesystem::temp_directory_path() /
            ("tile-fuzz-" + std::string(target) + "-" +
             std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir);
  }
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }

  const std::filesystem::path &path() const { return dir; }

  /// Writes `bytes` to the file `name` of the directory, replacing it;
  /// aborts if it cannot, which is no finding of the parser's.
  std::filesystem::path write(std::string_view name,
                              std::string_view bytes) const {
    std::filesystem::path file = dir / name;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush())
      std::abort();
    return file;
  }

  /// Removes the file `name` of the directory, if it is there.
  void remove(std::string_view name) const {
    std::error_code ignored;
    std::filesystem::remove(dir / name, ignored);
  }

private:
  std::filesystem::path dir;
};

} // namespace tile::fuzz

#endif // TILE_TOOLS_FUZZ_FUZZFILES_H
