// A constant tile spread over the lanes becomes an initialized global of the
// PTX module, which each thread reads with one vector load (the four loads of
// neighbouring elements merge).
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --canonicalize --cse --convert-scf-to-cf --nvvm-attach-target="chip=sm_90 features=+ptx80" --convert-gpu-to-nvvm --convert-vector-to-llvm --reconcile-unrealized-casts --gpu-module-to-binary="format=isa toolkit=%cuda_root" | FileCheck %s

// CHECK: .global .align 16 .b8 ramp_constant_0[256] = {{[{]}}0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64,
// CHECK: mov.b64{{.*}}ramp_constant_0;
// CHECK: ld.global.nc.v4.b32
func.func @ramp(%out: !tile.piece<64xf32>) attributes {tile.kernel} {
  %c = tile.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]> : !tile.tile<64xf32>
  tile.store %c, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}
