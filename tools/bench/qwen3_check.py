#!/usr/bin/env python3
"""Checks the Qwen3 engine against Hugging Face transformers on a GPU.

For each preset: a random-weight checkpoint written by transformers'
save_pretrained (norm weights jittered around 1, so that a loader dropping
them shows), the teacher-forced logits of random tokens from transformers
and from qwen3-score-cuda on the same weights, then qwen3-bench-cuda's
prefill and decode speed. The reference is the same weights computed in
float64 (transformers on the CPU): at 36 layers bf16's rounding moves either
bf16 implementation's logits by 4e-2 to 7e-2, so the engine in bf16 passes
when it is no further from float64 than transformers in bf16 (times
--factor) and its greedy tokens are float64's where those are decisive; the
engine in float32 (host mode, --dtype f32) checks its arithmetic without
bf16's rounding (--no-f32 skips it). Also checks the tokenizer: Hugging Face
tokenizers' ids for the test corpus and transformers' chat template against
the reference the CI compares the engine's tokenizer with.

  qwen3_check.py --build .gpu --presets qwen3-0.6b,qwen3-4b,qwen3-8b

A name in --presets may also be the path of any Qwen3 config.json (its file
name then names it): tools/bench/qwen3_shapes/ has configs of shapes no
preset has (12/4 and 16/2 heads, head_dim 64 and 256, YaRN), whose kernels
qwen3-score-cuda compiles at load (or, with no tilecc on the GPU machine,
`qwen3 --model DIR --prepare-kernels` compiled into the build's cache
before it was carried there):

  qwen3_check.py --build .gpu --presets $(ls tools/bench/qwen3_shapes/*.json | paste -sd,)
"""

import argparse
import csv
import json
import math
import pathlib
import shutil
import subprocess
import sys

import torch
from transformers import AutoTokenizer, Qwen3Config, Qwen3ForCausalLM

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRESETS = ROOT / "models" / "presets"
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json")
# Batch-1 decode, bf16, transformers + static KV cache + torch.compile
# (CUDA graphs), measured on the same H100.
PYTORCH_COMPILED = {"qwen3-0.6b": 388, "qwen3-4b": 179, "qwen3-8b": 113}
COPY_BANDWIDTH = 3.00e12  # bytes/s, device-to-device copy on the H100


def config_path(preset):
    """A preset's config.json, or the config.json at a path."""
    if preset.endswith(".json"):
        return pathlib.Path(preset)
    return PRESETS / f"{preset}.json"


def write_checkpoint(preset, directory, tokenizer_dir, seed):
    config = Qwen3Config.from_json_file(config_path(preset))
    torch.manual_seed(seed)
    with torch.device("cuda"):
        model = Qwen3ForCausalLM(config)
    # The parameters in bf16, as from_pretrained loads a bf16 checkpoint;
    # the rotary frequencies stay float32, as from_pretrained keeps them
    # (Module.to would round them to bf16 too, which moves the angles of
    # position p by up to p * 2^-9 and the logits by 1e-2 in 64 positions).
    for parameter in model.parameters():
        parameter.data = parameter.data.to(torch.bfloat16)
    with torch.no_grad():
        for name, weight in model.named_parameters():
            if name.endswith("norm.weight"):
                weight.copy_(1 + 0.1 * (2 * torch.rand_like(weight) - 1))
    model.eval()
    model.save_pretrained(directory, safe_serialization=True)
    for name in TOKENIZER_FILES:
        shutil.copy(tokenizer_dir / name, directory / name)
    return model


def decode_bytes_per_token(config):
    """Weight bytes one batch-1 decode step reads (bf16)."""
    hidden, inter, head = (config["hidden_size"], config["intermediate_size"],
                           config["head_dim"])
    attention = hidden * head * (2 * config["num_attention_heads"] +
                                 2 * config["num_key_value_heads"])
    layer = attention + 3 * hidden * inter + 2 * hidden + 2 * head
    return 2 * (config["num_hidden_layers"] * layer +
                config["vocab_size"] * hidden + hidden)


def check_preset(preset, args, build, work):
    directory = work / config_path(preset).stem
    shutil.rmtree(directory, ignore_errors=True)
    model = write_checkpoint(preset, directory, args.tokenizer_dir, args.seed)
    config = json.loads((directory / "config.json").read_text())
    generator = torch.Generator(device="cpu").manual_seed(args.seed + 1)
    ids = torch.randint(0, config["vocab_size"], (args.positions,),
                        generator=generator, dtype=torch.int32)
    with torch.no_grad():
        reference = model(ids.long().cuda()[None]).logits[0].float().cpu()
        # transformers in float32 on the GPU, then in float64 on the CPU:
        # the model's exact output, from which each implementation's
        # rounding is measured.
        model.float()
        reference_f32 = model(ids.long().cuda()[None]).logits[0].cpu()
        model.to("cpu", torch.float64)
        exact = model(ids.long()[None]).logits[0]
    del model
    torch.cuda.empty_cache()

    tokens_path, logits_path = work / "tokens.bin", work / "logits.bin"
    ids.numpy().tofile(tokens_path)
    subprocess.run([build / "bin" / "qwen3-score-cuda", "--model", directory,
                    "--tokens", tokens_path, "--output", logits_path,
                    "--device", "cuda", "--kernels", build / "kernels",
                    "--kernel-cache", build / "kernel-cache"], check=True)
    ours = torch.from_file(str(logits_path), size=reference.numel(),
                           dtype=torch.float32).view_as(reference)
    def relative_errors(a, b):
        return (a.double() - b.double()).norm(dim=1) / b.double().norm(dim=1)
    f32_error = math.nan
    if args.f32:
        f32_path = work / "logits-f32.bin"
        subprocess.run([build / "bin" / "qwen3-score-cuda", "--model",
                        directory, "--tokens", tokens_path, "--output",
                        f32_path, "--device", "host", "--dtype", "f32"],
                       check=True)
        ours_f32 = torch.from_file(str(f32_path), size=reference.numel(),
                                   dtype=torch.float32).view_as(reference)
        f32_error = float(relative_errors(ours_f32, exact).max())
    errors = relative_errors(ours, reference)
    ours_exact = relative_errors(ours, exact)
    transformers_exact = relative_errors(reference, exact)
    # Greedy tokens against the exact logits, wherever their top two are
    # further apart than the margin.
    top2 = exact.topk(2, dim=1)
    margin = (top2.values[:, 0] - top2.values[:, 1]) / \
        exact.abs().max(dim=1).values
    decisive = margin > args.margin
    agree = (ours.argmax(1) == exact.argmax(1))
    mismatched = int((decisive & ~agree).sum())
    transformers_mismatched = int(
        (decisive & (reference.argmax(1) != exact.argmax(1))).sum())

    def bench(name, prompts, new_tokens, products):
        csv_path = work / f"{config_path(preset).stem}-{name}.csv"
        run = subprocess.run(
            [build / "bin" / "qwen3-bench-cuda", "--model", directory,
             "--prompt-tokens", prompts, "--new-tokens", new_tokens,
             "--repeat", str(args.repeat), "--device", "cuda",
             "--products", products, "--kernels", build / "kernels",
             "--kernel-cache", build / "kernel-cache", "--csv", csv_path],
            check=True, capture_output=True, text=True)
        print(run.stdout)
        with open(csv_path, newline="") as f:
            return list(csv.DictReader(f))

    rows = bench("bench", args.bench_prompt, args.bench_new, "library")
    # The shortest prompt's decode (the least attention per token), the
    # longest prompt's prefill; that prefill again with cuBLAS's products
    # in the same run, the peer.
    decode = float(rows[0]["decode_tokens_per_s"])
    prefill = float(rows[-1]["prefill_tokens_per_s"])
    blas_rows = bench("bench-blas", rows[-1]["prompt_tokens"], "1", "blas")
    prefill_blas = float(blas_rows[0]["prefill_tokens_per_s"])
    shutil.rmtree(directory, ignore_errors=True)
    roofline = COPY_BANDWIDTH / decode_bytes_per_token(config)
    return {
        "preset": config_path(preset).stem,
        "max_error": float(errors.max()),
        "median_error": float(errors.median()),
        "ours_exact": float(ours_exact.max()),
        "transformers_exact": float(transformers_exact.max()),
        "f32_error": f32_error,
        "transformers_f32_exact": float(
            relative_errors(reference_f32, exact).max()),
        "decisive": int(decisive.sum()),
        "mismatched": mismatched,
        "transformers_mismatched": transformers_mismatched,
        "agree": int(agree.sum()),
        "decode": decode,
        "prefill": prefill,
        "prefill_blas": prefill_blas,
        "roofline": roofline,
        # The bar: no further from float64 than transformers' bf16 times
        # --factor, greedy tokens as float64's at --agreement of the
        # decisive positions, and the float32 engine within --f32-tolerance.
        "passed": (float(ours_exact.max()) <=
                   args.factor * float(transformers_exact.max())
                   and mismatched <= (1 - args.agreement) * int(decisive.sum())
                   and not f32_error > args.f32_tolerance),
    }


def check_tokenizer(args):
    """Hugging Face's ids against the reference ids the CI checks ours with."""
    from tokenizers import Tokenizer
    tokenizer = Tokenizer.from_file(str(args.tokenizer_dir / "tokenizer.json"))
    corpus = (ROOT / "test/unit/qwen3/tokenizer/corpus.jsonl").read_text()
    texts = [json.loads(line) for line in corpus.splitlines() if line]
    expected = [json.loads(line)["ids"] for line in
                (args.reference_dir / "corpus-reference.jsonl")
                .read_text().splitlines()]
    lines_wrong = [i for i, (text, ids) in enumerate(zip(texts, expected))
                   if tokenizer.encode(text, add_special_tokens=False).ids != ids]
    chat = AutoTokenizer.from_pretrained(str(args.tokenizer_dir))
    cases = json.loads(
        (ROOT / "test/unit/qwen3/tokenizer/chat-cases.json").read_text())
    chat_expected = {json.loads(line)["name"]: json.loads(line)["ids"] for line
                     in (args.reference_dir / "chat-reference.jsonl")
                     .read_text().splitlines()}
    chats_wrong = []
    for case in cases:
        options = {k: case[k] for k in ("add_generation_prompt",
                                        "enable_thinking") if k in case}
        text = chat.apply_chat_template(case["messages"], tokenize=False,
                                        **options)
        ids = tokenizer.encode(text, add_special_tokens=False).ids
        if ids != chat_expected[case["name"]]:
            chats_wrong.append(case["name"])
    print(f"tokenizer: {len(texts) - len(lines_wrong)}/{len(texts)} corpus "
          f"lines and {len(cases) - len(chats_wrong)}/{len(cases)} "
          f"conversations identical to Hugging Face's")
    for i in lines_wrong[:5]:
        print(f"  line {i + 1}: {texts[i]!r}")
    for name in chats_wrong[:5]:
        print(f"  conversation {name}")
    return len(texts) == len(expected) and not lines_wrong and not chats_wrong


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=pathlib.Path, default=ROOT / ".gpu")
    parser.add_argument("--presets", default="qwen3-0.6b,qwen3-4b,qwen3-8b")
    parser.add_argument("--tokenizer-dir", type=pathlib.Path)
    parser.add_argument("--reference-dir", type=pathlib.Path,
                        help="corpus-reference.jsonl and "
                             "chat-reference.jsonl (default: BUILD's "
                             "tokenizer-reference)")
    parser.add_argument("--work", type=pathlib.Path,
                        default=pathlib.Path("/tmp/qwen3-check"))
    parser.add_argument("--positions", type=int, default=64)
    parser.add_argument("--factor", type=float, default=1.1,
                        help="the engine's bf16 logits may be this many "
                             "times as far from float64 as transformers' "
                             "bf16 logits")
    parser.add_argument("--margin", type=float, default=2e-2,
                        help="positions whose float64 top two logits are "
                             "further apart than this (relative to the "
                             "largest) are decisive")
    parser.add_argument("--agreement", type=float, default=0.99,
                        help="share of decisive positions whose greedy "
                             "token must be float64's")
    parser.add_argument("--f32-tolerance", type=float, default=1e-4,
                        help="the float32 engine's largest relative error "
                             "against float64")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bench-prompt", default="128,2048")
    parser.add_argument("--bench-new", default="128")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", type=pathlib.Path)
    parser.add_argument("--no-f32", dest="f32", action="store_false",
                        help="skip the float32 comparison (the engine in "
                             "host mode)")
    args = parser.parse_args()
    build = args.build.resolve()
    args.tokenizer_dir = (args.tokenizer_dir or build / "qwen3-tokenizer")
    args.reference_dir = (args.reference_dir or build / "tokenizer-reference")
    args.work.mkdir(parents=True, exist_ok=True)

    ok = check_tokenizer(args)
    results = []
    for preset in args.presets.split(","):
        result = check_preset(preset, args, build, args.work)
        results.append(result)
        ok &= result["passed"]
        print(json.dumps(result))

    table = ["| model | logit error against transformers bf16, max / median "
             "| against float64, ours / transformers bf16 (max) | against "
             "float64, ours (host) / transformers in float32 (max) | greedy "
             "tokens as float64's | decisive mismatches, ours / transformers bf16 | prefill tokens/s, ours / "
             "with cuBLAS's products | decode "
             "tokens/s | PyTorch compiled | HBM roofline |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
             "| ---: |"]
    for r in results:
        table.append(
            f"| {r['preset']} | {r['max_error']:.2e} / "
            f"{r['median_error']:.2e} | {r['ours_exact']:.2e} / "
            f"{r['transformers_exact']:.2e} | {r['f32_error']:.2e} / "
            f"{r['transformers_f32_exact']:.2e} | "
            f"{r['agree']}/{args.positions} | "
            f"{r['mismatched']} / {r['transformers_mismatched']} of "
            f"{r['decisive']} | {r['prefill']:.0f} / "
            f"{r['prefill_blas']:.0f} | "
            f"{r['decode']:.1f} | "
            f"{PYTORCH_COMPILED.get(r['preset'], math.nan)} | "
            f"{r['roofline']:.0f} |")
    print("\n".join(table))
    if args.markdown:
        args.markdown.write_text("\n".join(table) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
