// The instantiation that tilecc compiles of the kernel in
// nearest_centroid.h: blocks of 128 points, up to 64 centroids.
#include "nearest_centroid.h"

template void nearest_centroid<128, 64>(tile::Piece<int32_t, 128, 1>,
                                        tile::View<int32_t>,
                                        tile::View<int32_t>,
                                        tile::View<int32_t>,
                                        tile::View<int32_t>);
