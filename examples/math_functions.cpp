// The instantiation that tilecc compiles of the kernel in math_functions.h.
#include "math_functions.h"

template void math_functions<1024>(tile::Piece<float, 16, 1024>,
                                   tile::View<float>);
