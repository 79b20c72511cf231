//===- Graph.h - Launches captured once and replayed ------------*- C++ -*-===//

#ifndef TILE_RUNTIME_GRAPH_H
#define TILE_RUNTIME_GRAPH_H

#include "tile/runtime/Launch.h"

#include <memory>
#include <utility>

namespace tile::rt {

/// Work of one stream captured once (a CUDA graph on a GPU, a list of tasks
/// in host mode) and replayed as a unit, which costs one launch instead of
/// one per kernel. A captured launch's arguments can be replaced (new
/// scalars, other tensors) between replays. The graph keeps the memory its
/// launches use; replays keep the graph.
///
/// Nothing runs while capturing: the futures of captured launches give
/// their tensors back at once, and every replay writes them again. The
/// host reads them after a replay has run (Stream::synchronize).
class Graph {
public:
  /// Captures the work that `record()` queues on `stream`:
  /// `Graph g = Graph::capture(stream, [&] { ... launch(stream, ...) ... });`
  template <class F> static Graph capture(Stream &stream, F &&record) {
    stream.beginCapture();
    try {
      record();
    } catch (...) {
      stream.endCapture();
      throw;
    }
    return Graph(stream.device(), stream.endCapture());
  }

  /// The number of captured launches.
  size_t launchCount() const { return state->capture.launches.size(); }

  /// Queues the captured work on `stream`, a stream of the graph's device.
  void replay(Stream &stream);

  /// Replaces the arguments of captured launch `index` (0 for the first),
  /// given and checked as launch() takes them (a rejection throws
  /// RejectedLaunch), for later replays. Returns
  /// the partitioned tensors (a Tensor, or a tuple), which later replays
  /// write.
  template <class... Args> auto update(size_t index, Args &&...args) {
    detail::LaunchStorage<sizeof...(Args)> storage;
    detail::LaunchArguments launch = storage.arguments();
    detail::packAndUse(
        launch,
        [&](detail::LaunchArguments &packed) { updateLaunch(index, packed); },
        std::forward<Args>(args)...);
    return detail::outputsOf<Args...>(launch);
  }

private:
  struct State {
    Device device;
    Capture capture;
    /// The memory each updated launch uses now, by launch: an update
    /// replaces its launch's, so that updating every step holds no more.
    std::vector<std::vector<std::shared_ptr<const void>>> updated;
    /// Memory an update replaced, which replays queued before it may still
    /// use: the next replay hands it to its stream.
    std::vector<std::shared_ptr<const void>> retired;
  };

  Graph(Device device, Capture capture)
      : state(std::make_shared<State>(
            State{std::move(device), std::move(capture)})) {}
  void updateLaunch(size_t index, detail::LaunchArguments &launch);

  std::shared_ptr<State> state;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_GRAPH_H
