//===- LaunchPlan.cpp - Checking and packing a kernel's arguments ---------===//

#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Preconditions.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace tile::rt;

void **LaunchPlan::parameterPointers() {
  // The slots lie in one array, so the first pointer tells whether all
  // still point into this plan's slots.
  size_t count = values.size() + tensorMaps.size();
  bool current = pointers.size() == count &&
                 (values.empty() || pointers[0] == values[0].data()) &&
                 (tensorMaps.empty() ||
                  pointers[values.size()] == tensorMaps[0].bytes.data());
  if (!current) {
    pointers.resize(count);
    void **pointer = pointers.data();
    for (auto &slot : values)
      *pointer++ = slot.data();
    for (TensorMapBytes &map : tensorMaps)
      *pointer++ = map.bytes.data();
  }
  return pointers.data();
}

namespace {

/// The bytes [begin, end) that a tensor's elements occupy, or less: every
/// element lies inside. No default values: a plan keeps room for many
/// inline, which are set only as they are used.
struct ByteRange {
  uint64_t begin, end;

  bool overlaps(const ByteRange &other) const {
    return begin < other.end && other.begin < end;
  }
};

/// The byte range of `tensor`, whose extents are not negative; nullopt if
/// it does not fit in the address space. Checked 64-bit arithmetic: every
/// launch pays for this, and a tensor whose offsets overflow 64 bits spans
/// 2^63 bytes or more, past any real address space (user addresses stay
/// below 2^57).
std::optional<ByteRange> byteRangeOf(const TensorRef &tensor,
                                     uint64_t elementBytes) {
  // Elements below and above element (0, ..., 0): each dimension reaches
  // (extent - 1) * stride one way.
  uint64_t below = 0, above = 0;
  for (size_t d = 0; d < tensor.shape.size(); ++d) {
    if (tensor.shape[d] == 0)
      return ByteRange{tensor.address, tensor.address};
    int64_t reach;
    if (__builtin_mul_overflow(tensor.shape[d] - 1, tensor.strides[d], &reach))
      return std::nullopt;
    bool down = reach < 0;
    uint64_t &side = down ? below : above;
    if (__builtin_add_overflow(side, down ? 0 - uint64_t(reach) : reach, &side))
      return std::nullopt;
  }
  uint64_t low, high, begin, end;
  if (__builtin_mul_overflow(below, elementBytes, &low) ||
      __builtin_mul_overflow(above, elementBytes, &high) ||
      __builtin_add_overflow(high, elementBytes, &high) ||
      __builtin_sub_overflow(tensor.address, low, &begin) ||
      __builtin_add_overflow(tensor.address, high, &end))
    return std::nullopt;
  return ByteRange{begin, end};
}

template <class T> std::array<unsigned char, 8> slotOf(T value) {
  static_assert(sizeof(T) <= 8);
  std::array<unsigned char, 8> slot{};
  std::memcpy(slot.data(), &value, sizeof(T));
  return slot;
}

std::string gridString(const std::array<int64_t, 3> &grid) {
  return std::to_string(grid[0]) + "x" + std::to_string(grid[1]) + "x" +
         std::to_string(grid[2]);
}

/// What a tensor parameter of `kind` is, for messages: "output piece",
/// "input piece", "input view" or "atomic output".
const char *tensorRole(ParamKind kind) {
  switch (kind) {
  case ParamKind::Piece:
    return "output piece";
  case ParamKind::InputPiece:
    return "input piece";
  case ParamKind::View:
    return "input view";
  case ParamKind::Atomic:
    return "atomic output";
  case ParamKind::Scalar:
    break;
  }
  return "scalar";
}

/// Why parameters `written` (which the kernel writes) and `other` may not
/// share memory.
std::string sharedMemoryError(const ParamInfo &written,
                              const ParamInfo &other) {
  if (!isWritten(other.kind))
    return "a buffer is both an " + std::string(tensorRole(written.kind)) +
           " ('" + written.name + "') and an " + tensorRole(other.kind) +
           " ('" + other.name + "')";
  if (written.kind == other.kind)
    return std::string("two outputs share memory: ") +
           (written.kind == ParamKind::Piece ? "pieces" : "atomic outputs") +
           " '" + written.name + "' and '" + other.name + "'";
  return "two outputs share memory: " + std::string(tensorRole(written.kind)) +
         " '" + written.name + "' and " + tensorRole(other.kind) + " '" +
         other.name + "'";
}

/// The number of 8-byte slots of `kernel`'s parameters (docs/abi.md).
size_t slotCount(const KernelInfo &kernel) {
  size_t slots = 0;
  for (const ParamInfo &param : kernel.params)
    slots += parameterSlots(param);
  // A kernel whose programs walk its pieces takes the piece grid last.
  if (kernel.persistent != 0)
    slots += 3;
  return slots;
}

} // namespace

LaunchPlan tile::rt::planLaunch(const KernelInfo &kernel,
                                std::span<const KernelArgRef> args) {
  auto fail = [&](const std::string &what) {
    return Error("launch of " + kernel.name + ": " + what);
  };
  if (args.size() != kernel.params.size())
    throw fail("expected " + std::to_string(kernel.params.size()) +
               " arguments, got " + std::to_string(args.size()));

  LaunchPlan plan;
  // Sized from the signature and filled in order: the checks below make
  // each argument give exactly its parameter's slots.
  plan.values.resize(slotCount(kernel));
  std::array<unsigned char, 8> *slot = plan.values.data();
  // The bytes of each argument (none for a scalar), for the launch-wide
  // checks below; inline, so that planning allocates nothing.
  InlineVector<ByteRange, kInlineSlots> ranges;
  ranges.resize(args.size());
  const ParamInfo *firstPiece = nullptr;
  std::array<int64_t, 3> grid = {1, 1, 1};
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &param = kernel.params[i];
    // Built only on the way to an error: launches that pass pay nothing.
    auto where = [&] { return "parameter '" + param.name + "'"; };

    if (param.kind == ParamKind::Scalar) {
      const auto *scalar = std::get_if<ScalarArg>(&args[i]);
      if (!scalar)
        throw fail(where() + " is a scalar, got a tensor");
      if (scalar->dtype != param.dtype)
        throw fail(where() + " is " + std::string(param.dtype.name()) +
                   ", got a scalar of " + std::string(scalar->dtype.name()));
      *slot++ = scalar->bytes;
      ranges[i] = {};
      continue;
    }

    const auto *tensor = std::get_if<TensorRef>(&args[i]);
    if (!tensor)
      throw fail(where() + " is an " + tensorRole(param.kind) +
                 " (a tensor), got a scalar");
    if (tensor->dtype != param.dtype)
      throw fail(where() + " holds " + std::string(param.dtype.name()) +
                 ", got a tensor of " + std::string(tensor->dtype.name()));
    if (tensor->shape.size() != size_t(param.rank))
      throw fail(where() + " has rank " + std::to_string(param.rank) +
                 ", got a tensor of rank " +
                 std::to_string(tensor->shape.size()));
    if (param.rank < 1)
      throw fail(where() + " has rank " + std::to_string(param.rank) +
                 " in the metadata");
    if (tensor->strides.size() != tensor->shape.size())
      throw fail(where() + ": the tensor has " +
                 std::to_string(tensor->shape.size()) + " extents but " +
                 std::to_string(tensor->strides.size()) + " strides");
    for (int64_t extent : tensor->shape)
      if (extent < 0)
        throw fail(where() + " has a negative extent, " +
                   std::to_string(extent));
    if (tensor->strides.back() != 1)
      throw fail(where() + ": the innermost stride must be 1, got " +
                 std::to_string(tensor->strides.back()));
    auto elementBytes = uint64_t(tensor->dtype.bytes());
    std::optional<ByteRange> bytes = byteRangeOf(*tensor, elementBytes);
    if (!bytes)
      throw fail(where() + ": the tensor reaches beyond the address space");
    if (bytes->begin != bytes->end) {
      if (tensor->address == 0)
        throw fail(where() + " is a null pointer");
      // Element sizes are powers of two.
      if ((tensor->address & (elementBytes - 1)) != 0)
        throw fail(where() + ": address " + std::to_string(tensor->address) +
                   " is not aligned to its " + std::to_string(elementBytes) +
                   "-byte elements");
    }
    ranges[i] = *bytes;

    if (isPartitioned(param.kind)) {
      if (param.tile.size() != size_t(param.rank) || param.rank > 3)
        throw fail(where() + " has a malformed tile in the metadata");
      std::array<int64_t, 3> own = {1, 1, 1};
      for (int d = 0; d < param.rank; ++d) {
        if (param.tile[d] < 1)
          throw fail(where() + " has a malformed tile in the metadata");
        own[d] = (tensor->shape[d] + param.tile[d] - 1) / param.tile[d];
      }
      if (!firstPiece) {
        firstPiece = &param;
        grid = own;
      } else if (own != grid) {
        throw fail(where() + " is partitioned into a grid of " +
                   gridString(own) + ", the first piece '" + firstPiece->name +
                   "' into " + gridString(grid));
      }
    }
    *slot++ = slotOf(tensor->address);
    for (int64_t extent : tensor->shape)
      *slot++ = slotOf(extent);
    for (int64_t stride : tensor->strides)
      *slot++ = slotOf(stride);
  }

  if (!firstPiece)
    throw fail("no piece parameter (output or input piece): the grid follows "
               "from the first piece");
  // Every parameter the kernel writes against every other tensor: the
  // read-only ones, then the later written ones. Read-only parameters may
  // share memory with each other.
  for (size_t w = 0; w < args.size(); ++w) {
    if (!isWritten(kernel.params[w].kind))
      continue;
    for (size_t o = 0; o < args.size(); ++o) {
      ParamKind other = kernel.params[o].kind;
      bool pair = isWritten(other) ? o > w : other != ParamKind::Scalar;
      if (pair && ranges[w].overlaps(ranges[o]))
        throw fail(sharedMemoryError(kernel.params[w], kernel.params[o]));
    }
  }
  if (grid[0] > kMaxGridX || grid[1] > kMaxGridYZ || grid[2] > kMaxGridYZ)
    throw fail("the grid " + gridString(grid) +
               " exceeds CUDA's limits (2147483647x65535x65535); use larger "
               "pieces");
  for (int d = 0; d < 3; ++d)
    plan.grid[d] = unsigned(grid[d]);
  if (kernel.persistent != 0)
    for (int d = 0; d < 3; ++d)
      *slot++ = slotOf(uint32_t(grid[d]));
  if (std::optional<std::string> broken = brokenPrecondition(kernel, args))
    throw fail(*broken);
  return plan;
}

LaunchPlan tile::rt::planLaunch(const KernelInfo &kernel,
                                std::span<const KernelArg> args) {
  std::vector<KernelArgRef> borrowed;
  borrowed.reserve(args.size());
  for (const KernelArg &arg : args)
    borrowed.push_back(borrow(arg));
  return planLaunch(kernel, borrowed);
}
