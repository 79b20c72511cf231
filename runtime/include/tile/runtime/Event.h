//===- Event.h - A point in a stream's work ---------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_EVENT_H
#define TILE_RUNTIME_EVENT_H

#include "tile/runtime/Backend.h"

#include <memory>

namespace tile::rt {

/// A point in a stream's work (Stream::record): complete once the work
/// queued on the stream before it has run. Other streams can wait for it;
/// two events time the work between them. Copies share the event.
class Event {
public:
  explicit Event(std::shared_ptr<EventBackend> event)
      : impl(std::move(event)) {}

  /// Whether the work before the event has finished; does not wait.
  bool ready() const { return impl->query(); }
  /// Waits until the work before the event has finished.
  void synchronize() const { impl->synchronize(); }
  /// Milliseconds from `start` to this event, waiting for this event.
  float millisecondsSince(const Event &start) const {
    return impl->millisecondsSince(*start.impl);
  }
  /// The backend's event.
  EventBackend &backend() const { return *impl; }

private:
  std::shared_ptr<EventBackend> impl;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_EVENT_H
