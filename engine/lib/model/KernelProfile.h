//===- KernelProfile.h - The time each kernel of a pass takes ---*- C++ -*-===//
//
// When on, each launch and matrix product is queued between two events on
// its stream; after a pass the events' times add up per kernel name. Off, it
// costs one test per launch.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_KERNELPROFILE_H
#define QWEN3_MODEL_KERNELPROFILE_H

#include "qwen3/Model.h"

#include "tile/runtime/Event.h"
#include "tile/runtime/Stream.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qwen3 {

/// Kernel times over the passes since start().
class KernelProfile {
public:
  bool on() const { return enabled; }

  /// Starts timing, from nothing.
  void start() {
    enabled = true;
    totals.clear();
  }

  /// queue() (which queues work on `stream`), between two events named
  /// `name` when on.
  template <class F>
  auto time(tile::rt::Stream &stream, std::string_view name, F &&queue) {
    if (!enabled)
      return queue();
    tile::rt::Event begin = stream.record();
    auto result = queue();
    timed.push_back({std::string(name), std::move(begin), stream.record()});
    return result;
  }

  /// Waits for the timed work and adds its times.
  void collect();

  /// The times, the longest first; stops timing.
  std::vector<KernelTime> take();

private:
  struct Timed {
    std::string name;
    tile::rt::Event begin, end;
  };
  bool enabled = false;
  std::vector<Timed> timed;
  std::map<std::string, KernelTime> totals;
};

} // namespace qwen3

#endif // QWEN3_MODEL_KERNELPROFILE_H
