//===- SafeTensors.cpp - A memory-mapped safetensors file -----------------===//

#include "qwen3/SafeTensors.h"

#include "qwen3/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qwen3 {

static_assert(std::endian::native == std::endian::little,
              "safetensors data is little-endian and is used in place");

namespace {
/// The header-length limit of the reference implementation: a longer
/// header is taken as a corrupt length, not allocated.
constexpr uint64_t kMaxHeaderLength = 100'000'000;

/// The open file descriptor, closed however open() leaves.
class FileDescriptor {
public:
  explicit FileDescriptor(int fd) : fd(fd) {}
  FileDescriptor(const FileDescriptor &) = delete;
  FileDescriptor &operator=(const FileDescriptor &) = delete;
  ~FileDescriptor() {
    if (fd >= 0)
      ::close(fd);
  }
  int get() const { return fd; }

private:
  int fd;
};

Error fileError(const std::filesystem::path &path, std::string_view message) {
  return Error(path.string() +
               ": reading safetensors: " + std::string(message));
}

Error tensorError(const std::filesystem::path &path, std::string_view name,
                  std::string_view message) {
  return fileError(path, "tensor '" + std::string(name) +
                             "': " + std::string(message));
}

/// A non-negative integer of the header, or an error naming the tensor.
uint64_t headerCount(const std::filesystem::path &path, std::string_view name,
                     const nlohmann::json &value, std::string_view field) {
  if (!value.is_number_integer() ||
      (!value.is_number_unsigned() && value.get<int64_t>() < 0))
    throw tensorError(path, name,
                      std::string(field) +
                          " must hold non-negative integers, not " +
                          value.dump());
  return value.get<uint64_t>();
}

TensorInfo parseEntry(const std::filesystem::path &path,
                      const std::string &name, const nlohmann::json &entry,
                      std::span<const std::byte> dataSection) {
  if (!entry.is_object())
    throw tensorError(path, name, "the header entry is not an object");
  auto dtypeIt = entry.find("dtype");
  auto shapeIt = entry.find("shape");
  auto offsetsIt = entry.find("data_offsets");
  if (dtypeIt == entry.end() || shapeIt == entry.end() ||
      offsetsIt == entry.end())
    throw tensorError(path, name,
                      "the header entry needs dtype, shape and data_offsets");
  if (!dtypeIt->is_string())
    throw tensorError(path, name, "dtype must be a string");
  auto dtype = parseDType(dtypeIt->get<std::string>());
  if (!dtype)
    throw tensorError(path, name,
                      "unknown dtype '" + dtypeIt->get<std::string>() + "'");
  if (!shapeIt->is_array())
    throw tensorError(path, name, "shape must be an array");
  if (!offsetsIt->is_array() || offsetsIt->size() != 2)
    throw tensorError(path, name, "data_offsets must be [begin, end]");

  TensorInfo info;
  info.name = name;
  info.dtype = *dtype;
  info.file = path;
  // The byte count, guarded against overflow by a corrupt shape. So is the
  // product of the nonzero extents: with a zero extent the tensor is empty,
  // but numel() and the shape's users multiply the others too.
  uint64_t bytes = dtypeSize(*dtype);
  uint64_t nonzeroProduct = 1;
  for (const nlohmann::json &dim : *shapeIt) {
    uint64_t extent = headerCount(path, name, dim, "shape");
    constexpr auto kMaxCount =
        static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (extent > kMaxCount ||
        (extent != 0 && nonzeroProduct > kMaxCount / extent))
      throw tensorError(path, name,
                        "shape " + shapeIt->dump() + " is too large");
    if (extent != 0)
      nonzeroProduct *= extent;
    info.shape.push_back(static_cast<int64_t>(extent));
    if (extent != 0 && bytes > std::numeric_limits<uint64_t>::max() / extent)
      throw tensorError(path, name,
                        "shape " + shapeIt->dump() + " is too large");
    bytes *= extent;
  }
  uint64_t begin = headerCount(path, name, (*offsetsIt)[0], "data_offsets");
  uint64_t end = headerCount(path, name, (*offsetsIt)[1], "data_offsets");
  if (begin > end)
    throw tensorError(path, name,
                      "data_offsets [" + std::to_string(begin) + ", " +
                          std::to_string(end) +
                          "] are reversed: the begin lies past the end");
  if (end > dataSection.size())
    throw tensorError(path, name,
                      "data_offsets [" + std::to_string(begin) + ", " +
                          std::to_string(end) +
                          "] lie outside the data section of " +
                          std::to_string(dataSection.size()) + " bytes");
  if (end - begin != bytes)
    throw tensorError(
        path, name,
        "data_offsets [" + std::to_string(begin) + ", " + std::to_string(end) +
            "] span " + std::to_string(end - begin) + " bytes, but " +
            std::string(dtypeName(*dtype)) + " " + formatShape(info.shape) +
            " needs " + std::to_string(bytes));
  info.data = dataSection.subspan(begin, end - begin);
  return info;
}
} // namespace

int64_t TensorInfo::numel() const {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  return count;
}

std::string formatShape(std::span<const int64_t> shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i)
      text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

SafeTensorsFile SafeTensorsFile::open(const std::filesystem::path &path) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0)
    throw fileError(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat status {};
  if (::fstat(fd.get(), &status) != 0)
    throw fileError(path, std::string("cannot stat: ") + std::strerror(errno));
  if (!S_ISREG(status.st_mode))
    throw fileError(path, "not a regular file");
  auto fileSize = static_cast<uint64_t>(status.st_size);
  if (fileSize < 8)
    throw fileError(path, "truncated header: the file has " +
                              std::to_string(fileSize) +
                              " bytes, fewer than the 8 of the header length");

  SafeTensorsFile file;
  file.filePath = path;
  void *mapped = ::mmap(nullptr, fileSize, PROT_READ, MAP_PRIVATE, fd.get(), 0);
  if (mapped == MAP_FAILED)
    throw fileError(path, std::string("cannot map: ") + std::strerror(errno));
  file.mapping = static_cast<const std::byte *>(mapped);
  file.mappedSize = fileSize;

  uint64_t headerLength = 0;
  std::memcpy(&headerLength, file.mapping, 8);
  if (headerLength > fileSize - 8)
    throw fileError(path, "header length " + std::to_string(headerLength) +
                              " runs past the end of the file (" +
                              std::to_string(fileSize) + " bytes)");
  if (headerLength > kMaxHeaderLength)
    throw fileError(path, "header length " + std::to_string(headerLength) +
                              " exceeds the limit of " +
                              std::to_string(kMaxHeaderLength) + " bytes");

  std::string_view headerText(reinterpret_cast<const char *>(file.mapping) + 8,
                              headerLength);
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(headerText);
  } catch (const nlohmann::json::exception &e) {
    // A parse error, or a number past a double's range (out_of_range).
    throw fileError(path,
                    std::string("the header is not valid JSON: ") + e.what());
  }
  if (!header.is_object())
    throw fileError(path, "the header is not a JSON object");

  std::span<const std::byte> dataSection(file.mapping + 8 + headerLength,
                                         fileSize - 8 - headerLength);
  for (const auto &[name, entry] : header.items()) {
    if (name == "__metadata__")
      continue;
    file.entries.push_back(parseEntry(path, name, entry, dataSection));
  }

  std::sort(file.entries.begin(), file.entries.end(),
            [&](const TensorInfo &a, const TensorInfo &b) {
              return a.data.data() < b.data.data();
            });
  // Empty tensors occupy no bytes and cannot overlap anything.
  const TensorInfo *previous = nullptr;
  for (const TensorInfo &info : file.entries) {
    if (info.data.empty())
      continue;
    if (previous &&
        previous->data.data() + previous->data.size() > info.data.data())
      throw fileError(path, "tensors '" + previous->name + "' and '" +
                                info.name + "' overlap");
    previous = &info;
  }
  return file;
}

SafeTensorsFile::SafeTensorsFile(SafeTensorsFile &&other) noexcept
    : filePath(std::move(other.filePath)),
      mapping(std::exchange(other.mapping, nullptr)),
      mappedSize(std::exchange(other.mappedSize, 0)),
      entries(std::move(other.entries)) {}

SafeTensorsFile &SafeTensorsFile::operator=(SafeTensorsFile &&other) noexcept {
  if (this != &other) {
    unmap();
    filePath = std::move(other.filePath);
    mapping = std::exchange(other.mapping, nullptr);
    mappedSize = std::exchange(other.mappedSize, 0);
    entries = std::move(other.entries);
  }
  return *this;
}

SafeTensorsFile::~SafeTensorsFile() { unmap(); }

void SafeTensorsFile::unmap() noexcept {
  if (mapping)
    ::munmap(const_cast<std::byte *>(mapping), mappedSize);
  mapping = nullptr;
  mappedSize = 0;
}

const TensorInfo *SafeTensorsFile::find(std::string_view name) const {
  auto it =
      std::find_if(entries.begin(), entries.end(),
                   [&](const TensorInfo &info) { return info.name == name; });
  return it == entries.end() ? nullptr : &*it;
}

} // namespace qwen3
