//===- Tensor.cpp - A device tensor and its one owner ---------------------===//

#include "tile/runtime/Tensor.h"
#include "tile/runtime/AtomicOutput.h"
#include "tile/runtime/MemoryPool.h"

#include "TensorLayout.h"

#include <cmath>
#include <cstring>

using namespace tile::rt;

uint64_t tile::rt::encodeElement(DType dtype, double value) {
  auto bitsOf = [](auto element) {
    uint64_t bits = 0;
    std::memcpy(&bits, &element, sizeof(element));
    return bits;
  };
  if (dtype == "f32")
    return bitsOf(float(value));
  if (dtype == "f64")
    return bitsOf(value);
  if (dtype == "f16")
    return bitsOf(tile::f16(float(value)));
  if (dtype == "bf16")
    return bitsOf(tile::bf16(float(value)));
  if (dtype == "f8e4m3")
    return bitsOf(tile::f8e4m3(float(value)));
  if (dtype == "f8e5m2")
    return bitsOf(tile::f8e5m2(float(value)));
  if (dtype == "i1")
    return value != 0 ? 1 : 0;
  if (dtype == "i8")
    return bitsOf(int8_t(value));
  if (dtype == "i16")
    return bitsOf(int16_t(value));
  if (dtype == "i32")
    return bitsOf(int32_t(value));
  if (dtype == "i64")
    return bitsOf(int64_t(value));
  if (dtype == "u8")
    return bitsOf(uint8_t(value));
  if (dtype == "u16")
    return bitsOf(uint16_t(value));
  if (dtype == "u32")
    return bitsOf(uint32_t(value));
  if (dtype == "u64")
    return bitsOf(uint64_t(value));
  throw Error("unknown element type '" + std::string(dtype.name()) + "'");
}

Tensor Tensor::empty(Device device, DType dtype, std::vector<int64_t> shape) {
  size_t bytes = contiguousBytes(dtype, shape);
  return Tensor(TensorView(Memory::allocate(std::move(device), bytes), 0, dtype,
                           std::move(shape)));
}

Tensor Tensor::temporary(MemoryPool &pool, Stream &stream, DType dtype,
                         std::vector<int64_t> shape) {
  return pool.allocate(stream, dtype, std::move(shape));
}

Tensor Tensor::borrow(Device device, uint64_t address, DType dtype,
                      std::vector<int64_t> shape, std::vector<int64_t> strides,
                      std::shared_ptr<const void> owner) {
  if (address == 0)
    throw Error("borrowing a null address as a tensor");
  if (strides.empty())
    strides = contiguousStrides(shape);
  int64_t elementBytes = dtype.bytes();
  int64_t last = 0;
  for (size_t d = 0; d < shape.size() && d < strides.size(); ++d)
    last += std::max<int64_t>(shape[d] - 1, 0) * strides[d];
  size_t bytes = size_t((last + 1) * elementBytes);
  auto memory = std::make_shared<Memory>(
      std::move(device), address, bytes,
      owner ? std::function<void()>([owner] {}) : std::function<void()>());
  return Tensor(TensorView(std::move(memory), 0, dtype, std::move(shape),
                           std::move(strides)));
}

const TensorView &Tensor::view() const {
  if (!view_.valid())
    throw Error("use of a tensor that was moved (into a partition, a launch "
                "or another tensor): take it back from the launch's future");
  return view_;
}

void Tensor::copyFromHost(Stream &stream, const void *values, size_t count) {
  const TensorView &tensor = view();
  if (int64_t(count) != tensor.numel())
    throw Error("copy of " + std::to_string(count) +
                " host values into a tensor of shape " +
                shapeText(tensor.shape()));
  int64_t bytes = tensor.elementBytes();
  if (tensor.isContiguous()) {
    stream.backend().copyToDevice(tensor.address(), values,
                                  size_t(count * bytes));
    stream.synchronize();
    return;
  }
  // Strided: read the span, scatter the values into it, write it back.
  std::vector<std::byte> span(
      spanBytes(tensor.shape(), tensor.strides(), bytes));
  stream.backend().copyToHost(span.data(), tensor.address(), span.size());
  stream.synchronize();
  auto *in = static_cast<const std::byte *>(values);
  forEachElement(tensor.shape(), tensor.strides(),
                 [&](int64_t index, int64_t offset) {
                   std::memcpy(span.data() + offset * bytes, in + index * bytes,
                               size_t(bytes));
                 });
  stream.backend().copyToDevice(tensor.address(), span.data(), span.size());
  stream.synchronize();
}

AtomicOutput Tensor::atomic() && { return AtomicOutput(std::move(*this)); }

Tensor Tensor::reshape(std::vector<int64_t> shape) && {
  Tensor reshaped(view().reshape(std::move(shape)));
  *this = Tensor();
  return reshaped;
}

void Tensor::fill(Stream &stream, double value) {
  const TensorView &tensor = view();
  int bytes = int(tensor.elementBytes());
  uint64_t pattern = encodeElement(tensor.dtype(), value);
  if (tensor.isContiguous()) {
    if (tensor.numel() > 0)
      stream.backend().fill(tensor.address(), pattern, bytes,
                            size_t(tensor.numel()));
    return;
  }
  forEachElement(
      tensor.shape(), tensor.strides(), [&](int64_t, int64_t offset) {
        stream.backend().fill(tensor.address() + uint64_t(offset * bytes),
                              pattern, bytes, 1);
      });
}

void Tensor::fillRandom(Stream &stream, uint64_t seed, double low,
                        double high) {
  const TensorView &tensor = view();
  int64_t count = tensor.numel();
  int64_t bytes = tensor.elementBytes();
  std::vector<std::byte> values(size_t(count * bytes));
  for (int64_t i = 0; i < count; ++i) {
    // splitmix64 of the seed and the index: the same values on any device.
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * uint64_t(i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    double unit = double(z >> 11) * 0x1p-53;
    double value = tensor.dtype() == "i1" ? (unit >= 0.5 ? 1.0 : 0.0)
                                          : low + unit * (high - low);
    if (tensor.dtype() == "i8" || tensor.dtype() == "i16" ||
        tensor.dtype() == "i32" || tensor.dtype() == "i64" ||
        tensor.dtype() == "u8" || tensor.dtype() == "u16" ||
        tensor.dtype() == "u32" || tensor.dtype() == "u64")
      value = std::floor(value);
    uint64_t encoded = encodeElement(tensor.dtype(), value);
    std::memcpy(values.data() + i * bytes, &encoded, size_t(bytes));
  }
  copyFromHost(stream, values.data(), size_t(count));
}
