// The instantiations that tilecc compiles of the kernels in
// quantized_gemv.h: two rows by 2048 int8 columns, sixteen rows by four
// groups of 128 fp8 columns (4 and 8 KiB of weights a chunk), the fastest
// of the shapes measured on an H100 (docs/benchmarks.md).
#include "quantized_gemv.h"

template void gemv_int8<2, 2048>(tile::Piece<float, 2, 1>,
                                 tile::View<int8_t, 2>, tile::View<float>,
                                 tile::View<tile::bf16>);
template void gemv_fp8<16, 4>(tile::Piece<float, 16, 1>,
                              tile::View<tile::f8e4m3, 3>, tile::View<float, 2>,
                              tile::View<tile::bf16, 3>);
