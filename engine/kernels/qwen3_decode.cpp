// The Qwen3 engine's instantiations of the kernels of a decode step besides
// the norms, the attention input and swiglu: the embedding, the products,
// decode attention, and the token choice (greedy and top-k).
#include "tile/library/argmax_rows.h"
#include "tile/library/decode_attention.h"
#include "tile/library/embedding.h"
#include "tile/library/gemv.h"
#include "tile/library/top_k.h"

TILE_INSTANTIATE_EMBEDDING(tile::bf16, 1024);
TILE_INSTANTIATE_GEMV(tile::bf16, 4, 512);
TILE_INSTANTIATE_GEMV(tile::bf16, 2, 1024);
TILE_INSTANTIATE_GEMV_F32(tile::bf16, 4, 512);
TILE_INSTANTIATE_DECODE_ATTENTION_SPLIT(tile::bf16, 64, 128);
TILE_INSTANTIATE_DECODE_ATTENTION_MERGE(tile::bf16, 32, 128);
TILE_INSTANTIATE_ARGMAX_SPLIT(1024);
TILE_INSTANTIATE_ARGMAX_MERGE(64);
TILE_INSTANTIATE_TOP_K_SPLIT(2048, 64);
