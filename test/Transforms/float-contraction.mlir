// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-float-contraction))" | FileCheck %s

// Every float operation may now contract; flags it had are kept, and
// integer arithmetic has none to set.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @axpy
  gpu.func @axpy(%a: f32, %x: vector<4xf32>, %y: vector<4xf32>, %i: i32) kernel {
    %s = vector.broadcast %a : f32 to vector<4xf32>
    // CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<4xf32>
    %p = arith.mulf %s, %x : vector<4xf32>
    // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : vector<4xf32>
    %r = arith.addf %p, %y : vector<4xf32>
    // CHECK: arith.subf %{{.*}}, %{{.*}} fastmath<nnan,contract> : vector<4xf32>
    %d = arith.subf %r, %y fastmath<nnan> : vector<4xf32>
    // CHECK: math.sqrt %{{.*}} fastmath<contract> : vector<4xf32>
    %q = math.sqrt %d : vector<4xf32>
    // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
    %j = arith.addi %i, %i : i32
    gpu.return
  }
}
