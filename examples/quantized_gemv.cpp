// The instantiations that tilecc compiles of the kernels in
// quantized_gemv.h: four rows by 1024 int8 columns, eight rows by four
// groups of 128 fp8 columns (4 KiB of weights a chunk each).
#include "quantized_gemv.h"

template void gemv_int8<4, 1024>(tile::Piece<float, 4, 1>,
                                 tile::View<int8_t, 2>, tile::View<float>,
                                 tile::View<tile::bf16>);
template void gemv_fp8<8, 4>(tile::Piece<float, 8, 1>,
                             tile::View<tile::f8e4m3, 3>,
                             tile::View<float, 2>, tile::View<tile::bf16, 3>);
