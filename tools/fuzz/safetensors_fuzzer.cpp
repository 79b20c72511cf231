//===- safetensors_fuzzer.cpp - libFuzzer target over safetensors files ---===//
//
// Each input is a whole safetensors file: the 8-byte header length, the
// JSON header and the data. SafeTensorsFile::open maps and checks it; a
// qwen3::Error is a clean rejection. A crash, a sanitizer report, another
// exception, or an accepted tensor whose bytes do not match its dtype and
// shape is a bug (docs/engine.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "qwen3/DType.h"
#include "qwen3/Error.h"
#include "qwen3/SafeTensors.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tile::fuzz::ScratchDirectory scratch("safetensors");
  std::filesystem::path path =
      scratch.write("model.safetensors", tile::fuzz::asText(data, size));
  try {
    qwen3::SafeTensorsFile file = qwen3::SafeTensorsFile::open(path);
    for (const qwen3::TensorInfo &tensor : file.tensors()) {
      // The check promises that the bytes are the element count times the
      // element size and lie in the mapping: read them all.
      if (tensor.data.size() != static_cast<uint64_t>(tensor.numel()) *
                                    qwen3::dtypeSize(tensor.dtype) ||
          file.find(tensor.name) == nullptr)
        std::abort();
      static volatile unsigned sink;
      for (std::byte byte : tensor.data)
        sink = sink + static_cast<unsigned>(byte);
      (void)qwen3::formatShape(tensor.shape);
    }
  } catch (const qwen3::Error &) {
  }
  return 0;
}
