//===- LaunchPlan.cpp - Checking and packing a kernel's arguments ---------===//

#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/Error.h"

#include <algorithm>

using namespace tile::rt;

/// CUDA's largest grid along x, and along y and z.
static constexpr int64_t kMaxGridX = 2147483647;
static constexpr int64_t kMaxGridYZ = 65535;

std::vector<void *> LaunchPlan::parameterPointers() {
  std::vector<void *> pointers;
  for (auto &slot : values)
    pointers.push_back(slot.data());
  return pointers;
}

namespace {
/// The byte range a tensor's elements span.
struct ByteRange {
  uint64_t begin, end;
  bool overlaps(const ByteRange &other) const {
    return begin < other.end && other.begin < end;
  }
};

ByteRange spanOf(const TensorArg &tensor) {
  int64_t last = 0;
  for (size_t d = 0; d < tensor.shape.size(); ++d) {
    if (tensor.shape[d] == 0)
      return {tensor.address, tensor.address};
    last += (tensor.shape[d] - 1) * tensor.strides[d];
  }
  return {tensor.address,
          tensor.address + uint64_t(last + 1) * dtypeBytes(tensor.dtype)};
}

template <class T> std::array<unsigned char, 8> slotOf(T value) {
  std::array<unsigned char, 8> slot{};
  std::memcpy(slot.data(), &value, sizeof(T));
  return slot;
}
} // namespace

LaunchPlan tile::rt::planLaunch(const KernelInfo &kernel,
                                std::span<const KernelArg> args) {
  auto fail = [&](const std::string &what) {
    return Error("launch of " + kernel.name + ": " + what);
  };
  if (args.size() != kernel.params.size())
    throw fail("expected " + std::to_string(kernel.params.size()) +
               " arguments, got " + std::to_string(args.size()));

  LaunchPlan plan;
  std::vector<ByteRange> pieces, views;
  bool haveGrid = false;
  std::array<int64_t, 3> grid = {1, 1, 1};
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &param = kernel.params[i];
    std::string where = "parameter '" + param.name + "'";
    if (param.kind == ParamKind::Scalar) {
      const auto *scalar = std::get_if<ScalarArg>(&args[i]);
      if (!scalar)
        throw fail(where + " is a scalar, got a tensor");
      if (scalar->dtype != param.dtype)
        throw fail(where + " is " + param.dtype + ", got " + scalar->dtype);
      plan.values.push_back(scalar->bytes);
      continue;
    }
    const auto *tensor = std::get_if<TensorArg>(&args[i]);
    if (!tensor)
      throw fail(where + " is a tensor, got a scalar");
    if (tensor->dtype != param.dtype)
      throw fail(where + " holds " + param.dtype + ", got a tensor of " +
                 tensor->dtype);
    if (int(tensor->shape.size()) != param.rank ||
        tensor->strides.size() != tensor->shape.size())
      throw fail(where + " has rank " + std::to_string(param.rank) +
                 ", got a tensor of rank " +
                 std::to_string(tensor->shape.size()));
    if (tensor->strides.back() != 1)
      throw fail(where + ": the innermost stride must be 1, got " +
                 std::to_string(tensor->strides.back()));
    for (int64_t size : tensor->shape)
      if (size < 0)
        throw fail(where + " has a negative size");

    if (param.kind == ParamKind::Piece) {
      std::array<int64_t, 3> own = {1, 1, 1};
      for (int d = 0; d < param.rank; ++d)
        own[d] = (tensor->shape[d] + param.tile[d] - 1) / param.tile[d];
      if (haveGrid && own != grid)
        throw fail(where + " is partitioned into a different grid than the "
                           "first output");
      grid = own;
      haveGrid = true;
      pieces.push_back(spanOf(*tensor));
    } else {
      views.push_back(spanOf(*tensor));
    }
    plan.values.push_back(slotOf(tensor->address));
    for (int64_t size : tensor->shape)
      plan.values.push_back(slotOf(size));
    for (int64_t stride : tensor->strides)
      plan.values.push_back(slotOf(stride));
  }
  if (!haveGrid)
    throw fail("no output piece: the grid follows from the output partition");
  for (size_t p = 0; p < pieces.size(); ++p) {
    for (const ByteRange &view : views)
      if (pieces[p].overlaps(view))
        throw fail("a buffer is both an output piece and an input view");
    for (size_t q = p + 1; q < pieces.size(); ++q)
      if (pieces[p].overlaps(pieces[q]))
        throw fail("two outputs share memory");
  }
  if (grid[0] > kMaxGridX || grid[1] > kMaxGridYZ || grid[2] > kMaxGridYZ)
    throw fail("the grid " + std::to_string(grid[0]) + "x" +
               std::to_string(grid[1]) + "x" + std::to_string(grid[2]) +
               " exceeds CUDA's limits; use larger pieces");
  for (int d = 0; d < 3; ++d)
    plan.grid[d] = unsigned(grid[d]);
  return plan;
}
