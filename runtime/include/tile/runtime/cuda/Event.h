//===- Event.h - CUDA events for timing -------------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_EVENT_H
#define TILE_RUNTIME_CUDA_EVENT_H

#include <cuda.h>

namespace tile::rt::cuda {

/// A CUDA event with timing; destroyed with its owner.
class Event {
public:
  /// Creates the event; throws Error on failure.
  Event();
  ~Event();
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  /// Records the event on `stream` (the default stream if null).
  void record(CUstream stream = nullptr);
  /// Milliseconds from `start` to this event, waiting for this event; both
  /// must have been recorded.
  float millisecondsSince(const Event &start) const;

private:
  CUevent event = nullptr;
};

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_EVENT_H
