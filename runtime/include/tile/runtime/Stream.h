//===- Stream.h - An ordered queue of work on a device ----------*- C++ -*-===//

#ifndef TILE_RUNTIME_STREAM_H
#define TILE_RUNTIME_STREAM_H

#include "tile/runtime/Device.h"
#include "tile/runtime/Event.h"
#include "tile/runtime/Kernel.h"
#include "tile/runtime/KernelArg.h"

#include <memory>
#include <span>
#include <vector>

namespace tile::rt {

class TensorView;

/// What a stream recorded between beginCapture and endCapture.
struct Capture {
  /// The recorded work.
  std::unique_ptr<GraphBackend> graph;
  /// The kernel of each captured launch, in order.
  std::vector<Kernel> launches;
  /// Memory and other resources the captured work uses.
  std::vector<std::shared_ptr<const void>> resources;
};

/// An ordered queue of work (copies, fills, launches) on a device. Work on
/// one stream runs in order; work on different streams may overlap unless
/// one waits for an event of the other. Copies of a Stream share the queue;
/// the last one waits for the queued work before it goes.
class Stream {
public:
  /// A new stream on `device`.
  explicit Stream(Device device);

  /// The device the stream runs on.
  const Device &device() const;
  /// An event after the work queued so far.
  Event record();
  /// Makes later work on this stream wait for `event`.
  void wait(const Event &event);
  /// Waits until the queued work has run, then lets go of what it kept
  /// alive; throws the first failure of the queued work.
  void synchronize();
  /// Keeps `resource` alive until the work queued so far has run.
  void retain(std::shared_ptr<const void> resource);
  /// The backend's stream.
  StreamBackend &backend() const;

  /// Starts capturing: later work is recorded into a graph, not run.
  void beginCapture();
  /// Whether the stream is capturing.
  bool capturing() const;
  /// Queues `kernel` with `args`, one per parameter, whose ownership rules
  /// the caller has checked, and keeps its code and the memory of `tensors`
  /// (the tensors behind `args`, null entries skipped) alive until it has
  /// run; while capturing, records the launch as the capture's next one.
  /// The arguments are checked against the signature and packed by
  /// planLaunch, whose plan the stream remembers for the next launches of
  /// `kernel` on the same tensors. Throws planLaunch's Error, queuing
  /// nothing.
  void launch(const Kernel &kernel, std::span<const KernelArgRef> args,
              std::span<const TensorView *const> tensors);
  /// Stops capturing and returns what was recorded.
  Capture endCapture();

  friend bool operator==(const Stream &a, const Stream &b) {
    return a.state == b.state;
  }

private:
  struct State;
  std::shared_ptr<State> state;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_STREAM_H
