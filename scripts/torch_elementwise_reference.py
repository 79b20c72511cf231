"""Times the PyTorch peers of the example kernels on the GPU (CUDA events,
median of 50 after warm-up) and prints a markdown table, so that our kernels'
figures have a reference measured in the same run."""
import sys

import torch


def median_ms(fn, repeat=50):
    for _ in range(3):
        fn()
    times = []
    for _ in range(repeat):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    times.sort()
    return times[len(times) // 2]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 28
    x = torch.rand(n, device="cuda") * 8 - 4
    y = torch.rand(n, device="cuda") * 8 - 4
    z = torch.empty_like(x)
    h = x.half()
    g = y.half()
    out_h = torch.empty_like(h)
    out_b = torch.empty(n, dtype=torch.bfloat16, device="cuda")
    copy_src = torch.empty(1 << 28, dtype=torch.float32, device="cuda")
    copy_dst = torch.empty_like(copy_src)
    cases = [
        ("copy (1 GiB)", 2 * 4 * (1 << 28), lambda: copy_dst.copy_(copy_src)),
        ("torch.add f32", 12 * n, lambda: torch.add(x, y, out=z)),
        ("x.mul_(a).add_(y) f32 (saxpy)", 24 * n,
         lambda: z.copy_(x).mul_(1.7).add_(y)),
        ("silu(x) * y f16 (two kernels)", 10 * n,
         lambda: torch.mul(torch.nn.functional.silu(h), g, out=out_h)),
        ("f32 to bf16 copy_", 6 * n, lambda: out_b.copy_(x)),
    ]
    print("| torch peer | MB moved | time (us) | GB/s |")
    print("| --- | ---: | ---: | ---: |")
    for name, moved, fn in cases:
        ms = median_ms(fn)
        print(f"| {name} | {moved / 1e6:.1f} | {ms * 1e3:.1f} | {moved / (ms * 1e6):.0f} |")


if __name__ == "__main__":
    main()
