//===- Presets.h - The config.json of each Qwen3 model size -----*- C++ -*-===//
//
// models/presets/*.json, built into the library so that programs find them
// wherever they run: the dense Qwen3 sizes (qwen3-0.6b to qwen3-32b) and
// qwen3-tiny, the small random model the engine's tests run.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_PRESETS_H
#define QWEN3_PRESETS_H

#include <optional>
#include <string_view>
#include <vector>

namespace qwen3 {

/// The presets' names ("qwen3-0.6b", ..., "qwen3-tiny"), sorted.
std::vector<std::string_view> presetNames();

/// The config.json text of the preset called `name`, if there is one.
std::optional<std::string_view> presetJson(std::string_view name);

} // namespace qwen3

#endif // QWEN3_PRESETS_H
