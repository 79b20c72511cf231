#!/usr/bin/env python3
"""The differential check of tilecc's frontend against host mode.

Generates random well-formed kernels (loops, branches, break, continue and
early returns, references, helpers, lambdas, compound assignments, shifts and
masks, stores at computed indices),
runs each one in host mode (the source compiled as C++ with the kernel
header) and through the tile IR tilecc builds from it (tile-interp), and
compares every element each kernel wrote. A difference is a frontend bug:
the kernel's source and the meaning tilecc gave it disagree. Mismatching
kernels are written to the output directory, one file each, to keep as
regression tests.

  scripts/differential-check.py --build build --kernels 200 --seed 1
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

PIECE = 16  # elements of each program's piece
GRID = 3    # programs
CASES_PER_BATCH = 4


class Generator:
    """Writes one kernel's body, statement by statement, keeping every value
    small enough that 64-bit arithmetic never overflows (host mode would be
    undefined there)."""

    def __init__(self, rng):
        self.rng = rng

    def kernel(self, name):
        self.lines = []
        self.vars = ['a', 'b', 'p']   # readable int64_t values
        self.writable = []            # variables and references to them
        self.roots = {}               # each writable name: its variable
        self.loop_vars = []
        self.loops = 0                # loops around the next statement
        self.depth = 0
        self.counter = 0
        self.emit('int64_t p = tile::program_id(0);')
        for _ in range(self.rng.randint(2, 4)):
            self.declare()
        for _ in range(self.rng.randint(3, 8)):
            self.statement()
        self.store()
        body = '\n'.join(self.lines)
        return (f'TILE_KERNEL void {name}(tile::Piece<int64_t, {PIECE}> out, '
                f'int64_t a, int64_t b) {{\n{body}\n}}\n')

    def emit(self, line):
        self.lines.append('  ' * (self.depth + 1) + line)

    def fresh(self, prefix='v'):
        self.counter += 1
        return f'{prefix}{self.counter}'

    def leaf(self):
        choice = self.rng.random()
        if choice < 0.3:
            return str(self.rng.randint(-9, 9))
        pool = self.vars + self.loop_vars
        return self.rng.choice(pool)

    def expr(self, depth=0):
        """A bounded integer expression: its value stays below 2^40."""
        if depth >= 2 or self.rng.random() < 0.3:
            return self.leaf()
        x, y = self.expr(depth + 1), self.expr(depth + 1)
        form = self.rng.randrange(12)
        if form == 0:
            return f'({x} + {y})'
        if form == 1:
            return f'({x} - {y})'
        if form == 2:
            return f'({x} * {y})'
        if form == 3:
            return f'({x} / {self.rng.randint(1, 9)})'
        if form == 4:
            return f'({x} % {self.rng.randint(1, 9)})'
        if form == 5:
            return f'({self.cond(depth + 1)} ? {x} : {y})'
        if form == 6:
            return f'(({x} & 255) << {self.rng.randint(0, 7)})'
        if form == 7:
            return f'({x} >> {self.rng.randint(0, 7)})'
        if form == 8:
            return f'({x} & {self.rng.randint(0, 255)})'
        if form == 9:
            return f'({x} | {y})' if self.rng.random() < 0.5 else f'({x} ^ {y})'
        if form == 10:
            return f'clampTo({x}, {-self.rng.randint(0, 50)}, ' \
                   f'{self.rng.randint(0, 50)})'
        return f'(-({x}))'

    def cond(self, depth=0):
        x, y = self.expr(depth + 1), self.expr(depth + 1)
        op = self.rng.choice(['<', '<=', '>', '>=', '==', '!='])
        c = f'{x} {op} {y}'
        r = self.rng.random()
        if r < 0.15:
            return f'({c} && {self.expr(depth + 1)} % 2 == 0)'
        if r < 0.3:
            return f'({c} || {self.expr(depth + 1)} > 3)'
        if r < 0.4:
            return f'!({c})'
        return f'({c})'

    def bounded(self):
        return f'({self.expr()}) % 997'

    def declare(self):
        name = self.fresh()
        self.emit(f'int64_t {name} = {self.bounded()};')
        self.vars.append(name)
        self.writable.append(name)
        self.roots[name] = name

    def statement(self):
        if not self.writable:
            return self.declare()
        target = self.rng.choice(self.writable)
        form = self.rng.randrange(15)
        if form == 0:
            self.declare()
        elif form == 1:
            self.emit(f'{target} = {self.bounded()};')
        elif form == 2:
            op = self.rng.choice(['+=', '-='])
            self.emit(f'{target} {op} ({self.expr()}) % 97;')
        elif form == 3:
            self.emit(self.rng.choice([f'++{target};', f'{target}--;']))
        elif form == 4:
            # A reference: writes through it are writes of its variable.
            name = self.fresh('r')
            self.emit(f'int64_t &{name} = {target};')
            self.vars.append(name)
            self.writable.append(name)
            self.roots[name] = self.roots[target]
        elif form == 5:
            self.emit(f'setTo({target}, {self.bounded()});')
        elif form == 6:
            self.emit(f'addBoth({target}, {self.rng.choice(self.writable)}, '
                      f'({self.expr()}) % 31);')
        elif form == 7 and self.depth < 2:
            self.emit(f'if ({self.cond()}) {{')
            self.block()
            if self.rng.random() < 0.6:
                self.emit('} else {')
                self.block()
            self.emit('}')
        elif form == 8 and self.depth < 2:
            var = self.fresh('i')
            self.emit(f'for (int {var} = {self.rng.randint(-2, 2)}; '
                      f'{var} < {self.rng.randint(-1, 4)}; '
                      f'{var} += {self.rng.randint(1, 2)}) {{')
            self.loop_vars.append(var)
            self.loop_block()
            self.loop_vars.pop()
            self.emit('}')
        elif form == 10 and self.depth < 2:
            # A while or do loop, ended by a counter that its body cannot
            # write (it counts first, so that `continue` cannot skip it).
            counter, bound = self.fresh('w'), self.rng.randint(-1, 4)
            self.emit(f'int64_t {counter} = {self.rng.randint(-2, 1)};')
            do = self.rng.random() < 0.5
            self.emit('do {' if do else f'while ({counter} < {bound}) {{')
            self.emit(f'  ++{counter};')
            self.vars.append(counter)
            self.loop_block()
            self.vars.remove(counter)
            self.emit(f'}} while ({counter} < {bound});' if do else '}')
        elif form == 11 and self.loops:
            self.emit(f'if ({self.cond()}) '
                      f'{self.rng.choice(["break", "continue"])};')
        elif form == 12 and self.rng.random() < 0.3:
            self.emit(f'if ({self.cond()}) return;')
        elif form == 9:
            # A lambda: a copy made now, the variable read when called.
            name = self.fresh('f')
            # A copy of the variable the lambda writes would share its name.
            copy = self.rng.choice(
                [v for v in self.vars
                 if self.roots.get(v, v) != self.roots[target]])
            self.emit(f'auto {name} = [{copy}, &{target}](int64_t x) {{ '
                      f'{target} = ({target} + x) % 997; '
                      f'return {copy} * 2 + {target}; }};')
            result = self.fresh()
            self.emit(f'{target} = ({self.expr()}) % 101;')
            self.emit(f'int64_t {result} = {name}({self.expr()} % 13);')
            self.vars.append(result)
            self.writable.append(result)
            self.roots[result] = result
        else:
            self.store()

    def loop_block(self):
        self.loops += 1
        self.block()
        self.loops -= 1

    def block(self):
        self.depth += 1
        vars_before, writable_before = len(self.vars), len(self.writable)
        for _ in range(self.rng.randint(1, 3)):
            self.statement()
        # Names declared inside the block end with it.
        del self.vars[vars_before:]
        del self.writable[writable_before:]
        self.depth -= 1

    def store(self):
        index = f'(({self.expr()}) % {PIECE} + {PIECE}) % {PIECE}'
        self.emit(f'out.store_at(tile::full<int64_t, 1>({self.expr()}), '
                  f'{index});')


PRELUDE = """#include <tile/kernel.h>

int64_t clampTo(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
void setTo(int64_t &target, int64_t value) { target = value; }
void addBoth(int64_t &x, int64_t &y, int64_t by) {
  x = x + by;
  y = y + x % 7;
}
"""


def host_main(names, cases):
    lines = ['#include <cstdio>', '#include <vector>', '', 'int main() {']
    for name, (a, b) in zip(names, cases):
        lines += [
            '  {',
            f'    std::vector<int64_t> out({GRID * PIECE}, -777);',
            f'    tile::host::launch({name}, tile::host::partition<{PIECE}>('
            f'out.data(), {{{GRID * PIECE}}}), int64_t({a}), int64_t({b}));',
            f'    std::printf("{name}:");',
            '    for (int64_t v : out) std::printf(" %lld", (long long)v);',
            '    std::printf("\\n");',
            '  }']
    lines += ['}']
    return '\n'.join(lines) + '\n'


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f'{" ".join(command)} failed:\n{result.stderr}')
    return result.stdout


def check_batch(args, rng, batch, workdir):
    gen = Generator(rng)
    names = [f'k{batch}_{i}' for i in range(args.batch)]
    kernels = [gen.kernel(name) for name in names]
    # A few argument cases a batch, so that tile-interp runs each kernel
    # once under its own case and few times in all.
    choices = [(rng.randint(-50, 50), rng.randint(-50, 50))
               for _ in range(CASES_PER_BATCH)]
    cases = [choices[i % len(choices)] for i in range(len(names))]
    source = os.path.join(workdir, f'batch{batch}.cpp')
    with open(source, 'w') as f:
        f.write(PRELUDE + '\n' + '\n'.join(kernels))
    host_source = os.path.join(workdir, f'batch{batch}-host.cpp')
    with open(host_source, 'w') as f:
        f.write(f'#include "batch{batch}.cpp"\n' + host_main(names, cases))
    binary = os.path.join(workdir, f'batch{batch}-host')
    run([args.cxx, '-std=c++20', '-O0', '-w', '-I', args.include,
         host_source, '-o', binary])
    host = run([binary]).splitlines()
    ir = os.path.join(workdir, f'batch{batch}.mlir')
    run([os.path.join(args.build, 'bin', 'tilecc'), source, '--emit=tile',
         '-o', ir])
    # The interpreter takes one set of scalars a run: kernels go in groups
    # of one case each.
    by_case = {}
    for name, case in zip(names, cases):
        by_case.setdefault(case, []).append(name)
    lines = {}
    for (a, b), group in by_case.items():
        out = run([os.path.join(args.build, 'bin', 'tile-interp'), ir,
                   f'--grid={GRID}', f'--args={a},{b}'])
        for line in out.splitlines():
            name = line.split(':', 1)[0]
            if name in group:
                lines[name] = line
    mismatches = []
    for name, kernel, line in zip(names, kernels, host):
        if lines.get(name) != line:
            mismatches.append((name, kernel, line, lines.get(name)))
    return mismatches


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--build', default=os.path.join(root, 'build'),
                        help='the build directory (its bin/ has tilecc and '
                             'tile-interp)')
    parser.add_argument('--kernels', type=int, default=200,
                        help='how many kernels to generate and check')
    parser.add_argument('--batch', type=int, default=100,
                        help='kernels per generated source file')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--cxx', default=os.environ.get('CXX', 'c++'))
    parser.add_argument('--output', default='differential-mismatches',
                        help='where mismatching kernels are written')
    args = parser.parse_args()
    args.include = os.path.join(root, 'runtime', 'include')
    if args.kernels < 1 or args.batch < 1:
        parser.error('--kernels and --batch must be positive')
    args.batch = min(args.batch, args.kernels)

    rng = random.Random(args.seed)
    workdir = tempfile.mkdtemp(prefix='differential-')
    checked, found = 0, []
    start = time.time()
    try:
        batch = 0
        while checked < args.kernels:
            found += check_batch(args, rng, batch, workdir)
            checked += args.batch
            batch += 1
            print(f'differential-check: {checked} kernels, '
                  f'{len(found)} mismatches, {time.time() - start:.0f} s',
                  flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if found:
        os.makedirs(args.output, exist_ok=True)
        for name, kernel, host, compiled in found:
            path = os.path.join(args.output, f'{name}.cpp')
            with open(path, 'w') as f:
                f.write(PRELUDE + '\n' + kernel +
                        f'\n// host mode: {host}\n// tile IR:   {compiled}\n')
            print(f'differential-check: mismatch in {name}, written to {path}',
                  file=sys.stderr)
        return 1
    print(f'differential-check: {checked} kernels, host mode and the tile IR '
          f'agree on every element')
    return 0


if __name__ == '__main__':
    sys.exit(main())
