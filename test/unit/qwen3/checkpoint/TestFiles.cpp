//===- TestFiles.cpp - Files the checkpoint tests write -------------------===//

#include "TestFiles.h"

#include <fstream>
#include <sstream>

#include <unistd.h>

namespace qwen3::test {

TempDir::TempDir() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "qwen3-checkpoint-XXXXXX")
          .string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a temporary directory");
  dir = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

void writeFile(const std::filesystem::path &path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out)
    throw std::runtime_error("cannot write " + path.string());
}

std::string readFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

std::string safetensorsBytes(std::string_view header, std::string_view data,
                             uint64_t headerLength) {
  if (headerLength == UINT64_MAX)
    headerLength = header.size();
  std::string bytes(8, '\0');
  for (int i = 0; i < 8; ++i)
    bytes[i] = static_cast<char>((headerLength >> (8 * i)) & 0xff);
  bytes += header;
  bytes += data;
  return bytes;
}

std::string smallConfigJson(bool tied) {
  return R"({
  "architectures": ["Qwen3ForCausalLM"],
  "model_type": "qwen3",
  "vocab_size": 512,
  "hidden_size": 64,
  "intermediate_size": 128,
  "num_hidden_layers": 2,
  "num_attention_heads": 4,
  "num_key_value_heads": 2,
  "head_dim": 16,
  "max_position_embeddings": 256,
  "rope_theta": 1000000,
  "rms_norm_eps": 1e-06,
  "attention_bias": false,
  "hidden_act": "silu",
  "bos_token_id": 1,
  "eos_token_id": 2,
  "torch_dtype": "bfloat16",
  "tie_word_embeddings": )" +
         std::string(tied ? "true" : "false") + "\n}\n";
}

void writeStubTokenizer(const std::filesystem::path &dir) {
  std::filesystem::create_directories(dir);
  writeFile(dir / "tokenizer.json", R"({"model": {"type": "BPE"}})");
  writeFile(dir / "tokenizer_config.json", R"({"model_max_length": 256})");
}

} // namespace qwen3::test
