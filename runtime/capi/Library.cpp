//===- Library.cpp - The C interface's part that needs no GPU -------------===//
//
// Opening cache entries, naming their kernels and checking launch
// arguments: the cache reader and the launch planner behind C functions.
//
//===----------------------------------------------------------------------===//

#include "CApiSupport.h"

#include "tile/kernel/scalar_types.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/LaunchPlan.h"

#include <algorithm>
#include <limits>
#include <memory>

using namespace tile::rt;

namespace {

thread_local std::string lastError;

/// The integer scalar argument `arg` as an I; throws Error where it does
/// not fit.
template <class I>
I narrowInteger(const tile_arg &arg, const std::string &dtype) {
  if (arg.int_value < std::numeric_limits<I>::min() ||
      arg.int_value > std::numeric_limits<I>::max())
    throw Error("the " + dtype + " scalar " + std::to_string(arg.int_value) +
                " does not fit in " + std::to_string(sizeof(I) * 8) + " bits");
  return I(arg.int_value);
}

/// The scalar argument `arg` as a value of its dtype.
ScalarArg toScalar(const tile_arg &arg, const std::string &dtype) {
  if (dtype == "f32")
    return ScalarArg::of(dtype, float(arg.float_value));
  if (dtype == "f64")
    return ScalarArg::of(dtype, arg.float_value);
  if (dtype == "f16")
    return ScalarArg::of(dtype, tile::f16(float(arg.float_value)));
  if (dtype == "bf16")
    return ScalarArg::of(dtype, tile::bf16(float(arg.float_value)));
  if (dtype == "i64")
    return ScalarArg::of(dtype, arg.int_value);
  if (dtype == "i32")
    return ScalarArg::of(dtype, narrowInteger<int32_t>(arg, dtype));
  if (dtype == "i16")
    return ScalarArg::of(dtype, narrowInteger<int16_t>(arg, dtype));
  if (dtype == "i8")
    return ScalarArg::of(dtype, narrowInteger<int8_t>(arg, dtype));
  // A u64 takes int_value's 64 bits (values past 2^63 read negative there).
  if (dtype == "u64")
    return ScalarArg::of(dtype, uint64_t(arg.int_value));
  if (dtype == "u32")
    return ScalarArg::of(dtype, narrowInteger<uint32_t>(arg, dtype));
  if (dtype == "u16")
    return ScalarArg::of(dtype, narrowInteger<uint16_t>(arg, dtype));
  if (dtype == "u8")
    return ScalarArg::of(dtype, narrowInteger<uint8_t>(arg, dtype));
  throw Error("a scalar of type '" + dtype +
              "' (scalars are f16, bf16, f32, f64, i8, i16, i32, i64, u8, "
              "u16, u32 or u64)");
}

TensorArg toTensor(const tile_arg &arg, const std::string &dtype) {
  if (arg.rank < 1 || arg.rank > TILE_MAX_RANK)
    throw Error("a tensor of rank " + std::to_string(arg.rank) +
                " (ranks are 1 to " + std::to_string(TILE_MAX_RANK) + ")");
  // DType(dtype) rejects an unknown element type by name.
  return TensorArg{arg.address, DType(dtype),
                   std::vector<int64_t>(arg.shape, arg.shape + arg.rank),
                   std::vector<int64_t>(arg.strides, arg.strides + arg.rank)};
}

} // namespace

std::vector<KernelArg> tile::capi::toKernelArgs(const tile_arg *args,
                                                int count) {
  if (count < 0 || (count > 0 && !args))
    throw Error("no argument array for " + std::to_string(count) +
                " arguments");
  std::vector<KernelArg> result;
  for (int i = 0; i < count; ++i) {
    const tile_arg &arg = args[i];
    try {
      if (!arg.dtype)
        throw Error("no dtype");
      std::string dtype = arg.dtype;
      if (arg.kind == TILE_ARG_TENSOR)
        result.push_back(toTensor(arg, dtype));
      else if (arg.kind == TILE_ARG_SCALAR)
        result.push_back(toScalar(arg, dtype));
      else
        throw Error("an unknown kind " + std::to_string(arg.kind));
    } catch (const Error &e) {
      throw Error("argument " + std::to_string(i) + ": " + e.what());
    }
  }
  return result;
}

void tile::capi::setLastError(std::string message) {
  lastError = std::move(message);
}

const char *tile_last_error(void) { return lastError.c_str(); }

tile_library *tile_library_open(const char *manifest, const char *cacheDir) {
  return tile::capi::guarded(
      [&] {
        if (!manifest)
          throw Error("tile_library_open: no manifest path");
        auto library = std::make_unique<tile_library>();
        library->entry = cacheDir ? loadManifest(manifest, cacheDir)
                                  : loadManifest(manifest);
        return library.release();
      },
      static_cast<tile_library *>(nullptr));
}

void tile_library_close(tile_library *library) { delete library; }

int tile_library_kernel_count(const tile_library *library) {
  return library ? int(library->entry.kernels.size()) : 0;
}

const char *tile_library_kernel_name(const tile_library *library, int index) {
  if (!library || index < 0 || index >= tile_library_kernel_count(library))
    return nullptr;
  return library->entry.kernels[index].name.c_str();
}

const char *tile_library_target(const tile_library *library) {
  return library ? library->entry.target.c_str() : "";
}

int tile_library_check(const tile_library *library, const char *kernel,
                       const tile_arg *args, int count, uint32_t grid[3]) {
  return tile::capi::guarded(
      [&] {
        if (!library || !kernel)
          throw Error("tile_library_check: no library or no kernel name");
        LaunchPlan plan = planLaunch(library->entry.kernel(kernel),
                                     tile::capi::toKernelArgs(args, count));
        if (grid)
          std::copy(plan.grid.begin(), plan.grid.end(), grid);
        return 0;
      },
      -1);
}
