#!/usr/bin/env python3
"""Writes a random-weight Qwen3 checkpoint with Hugging Face transformers.

The reference for the engine's loader: the same layout as qwen3-checkpoint
writes, but produced by Qwen3ForCausalLM.save_pretrained. Needs torch and
transformers.

  hf_checkpoint.py --preset models/presets/qwen3-tiny.json \
      --output /tmp/qwen3-tiny-hf --tokenizer-dir models/qwen3-tokenizer
"""

import argparse
import pathlib
import shutil
import sys

import torch
from transformers import Qwen3Config, Qwen3ForCausalLM

PRESET_DIR = pathlib.Path(__file__).resolve().parents[2] / "models" / "presets"
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json")


def preset_path(preset: str) -> pathlib.Path:
    """A preset's name (qwen3-0.6b) or the path of a config.json."""
    path = pathlib.Path(preset)
    return path if path.is_file() else PRESET_DIR / f"{preset}.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="qwen3-tiny",
                        help="preset name or path of a config.json")
    parser.add_argument("--output", required=True, type=pathlib.Path)
    parser.add_argument("--tokenizer-dir", required=True, type=pathlib.Path)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    missing = [name for name in TOKENIZER_FILES
               if not (args.tokenizer_dir / name).is_file()]
    if missing:
        sys.exit(f"{args.tokenizer_dir}: missing {', '.join(missing)}")

    config = Qwen3Config.from_json_file(preset_path(args.preset))
    torch.manual_seed(args.seed)
    model = Qwen3ForCausalLM(config).to(torch.bfloat16)
    model.save_pretrained(args.output, safe_serialization=True)
    for name in TOKENIZER_FILES:
        shutil.copy(args.tokenizer_dir / name, args.output / name)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
