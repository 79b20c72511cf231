//===- LaunchMemo.cpp - The checked plans of a stream's latest launches ---===//

#include "LaunchMemo.h"

#include "tile/runtime/Preconditions.h"

#include <bit>
#include <variant>

using namespace tile::rt;

namespace {

/// Whether `slot` holds `value`, as planLaunch packs it.
bool holds(const std::array<unsigned char, 8> &slot, int64_t value) {
  // A bit_cast, not memcmp: one compare of two registers, no library call.
  return std::bit_cast<int64_t>(slot) == value;
}

/// Whether `args` are those `plan` was made from for `info`, scalar values
/// aside: every tensor gives the same slots, and every argument has its
/// parameter's kind, element type and rank, as planLaunch checked. Writes
/// the scalars of `args` into `plan` on the way; a plan that turns out not to
/// match is replaced, or its scalars rewritten before its next use.
bool takeScalarsIfSameTensors(const KernelInfo &info, LaunchPlan &plan,
                              std::span<const KernelArgRef> args) {
  if (args.size() != info.params.size())
    return false;
  std::array<unsigned char, 8> *slot = plan.values.data();
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &param = info.params[i];
    if (param.kind == ParamKind::Scalar) {
      const auto *scalar = std::get_if<ScalarArg>(&args[i]);
      if (!scalar || scalar->dtype != param.dtype)
        return false;
      *slot++ = scalar->bytes;
      continue;
    }
    const auto *tensor = std::get_if<TensorRef>(&args[i]);
    if (!tensor || tensor->dtype != param.dtype ||
        tensor->shape.size() != size_t(param.rank) ||
        tensor->strides.size() != size_t(param.rank) ||
        !holds(*slot++, int64_t(tensor->address)))
      return false;
    for (int64_t extent : tensor->shape)
      if (!holds(*slot++, extent))
        return false;
    for (int64_t stride : tensor->strides)
      if (!holds(*slot++, stride))
        return false;
  }
  return true;
}

} // namespace

LaunchPlan &LaunchMemo::plan(const Kernel &kernel,
                             std::span<const KernelArgRef> args) {
  const KernelInfo &info = kernel.info();
  // A loop of launches of one kernel finds it first.
  Entry *remembered = nullptr;
  if (entries[latest].isFor(kernel)) {
    remembered = &entries[latest];
  } else {
    for (size_t i = 0; i < kEntries && !remembered; ++i)
      if (entries[i].isFor(kernel)) {
        remembered = &entries[i];
        latest = i;
      }
  }
  // New scalars may break a precondition; planLaunch below then says which.
  if (remembered && takeScalarsIfSameTensors(info, remembered->plan, args) &&
      !brokenPrecondition(info, args))
    return remembered->plan;
  // Checked before anything is replaced: a rejected launch forgets nothing.
  LaunchPlan checked = planLaunch(info, args);
  if (!remembered) {
    latest = next;
    remembered = &entries[next];
    next = (next + 1) % kEntries;
    forgotten = std::exchange(remembered->kernel, kernel);
  }
  remembered->plan = std::move(checked);
  return remembered->plan;
}
