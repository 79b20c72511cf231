#!/usr/bin/env python3
"""Mutation testing of the parsers, the kernel cache, the launch checks and
the safety analysis.

Applies one small change (a mutant) at a time to an area's C++ sources,
rebuilds the area's tests and runs them: a mutant the tests notice (a
failure or a timeout) is killed, one they pass with survived, one that does
not build is counted apart. The score is killed / (killed + survived).

The mutation operators:
  relational   <  <=  >  >=  ==  !=  each to its neighbour or its negation
  logical      && <-> ||, a ! removed
  arithmetic   binary + <-> -, += <-> -=, binary * <-> /
  constant     an integer N to N+1 and to 0, 0 to 1
  check        the condition of an if that guards a throw, a return or an
               error report replaced by false

Comments, string and character literals and preprocessor lines are left
alone; '<' and '>' that bracket template arguments, and '+' in statements
that build strings, are not mutated. Each source must be committed as it
is: a mutated file is restored after each mutant, on errors and on SIGINT or
SIGTERM, and the area is rebuilt from the original sources at the end.

  scripts/mutate.py tokenizer --build-dir build --list
  scripts/mutate.py tokenizer --build-dir build --max-mutants 50 --seed 1
  scripts/mutate.py cache --build-dir build --only formats/lib/KernelList.cpp:120
  scripts/mutate.py launch --build-dir build --markdown launch.md --json launch.json
"""

import argparse
import dataclasses
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclasses.dataclass
class Area:
    sources: list   # files to mutate, relative to the checkout
    targets: list   # build targets that hold the tests
    tests: list     # commands, each a list of words; {build} stands for
                    # the build directory


AREAS = {
    'safetensors': Area(
        sources=['engine/lib/checkpoint/SafeTensors.cpp'],
        targets=['qwen3_checkpoint_test'],
        tests=[['{build}/test/unit/qwen3/checkpoint/qwen3_checkpoint_test']]),
    'tokenizer': Area(
        sources=['engine/lib/tokenizer/' + name + '.cpp' for name in (
            'AddedVocabulary', 'Bpe', 'ByteLevel', 'JsonFile',
            'RegexSplitter', 'TokenizerLoader', 'Utf8')],
        targets=['qwen3_tokenizer_test'],
        # The Reference* tests need node's outputs (ctest's fixture).
        tests=[['{build}/test/unit/qwen3/tokenizer/qwen3_tokenizer_test',
                '--gtest_filter=-Reference*']]),
    'cache': Area(
        sources=['runtime/lib/CacheReader.cpp', 'formats/lib/CacheEntry.cpp',
                 'formats/lib/KernelList.cpp'],
        targets=['runtime_test', 'formats_test'],
        tests=[['{build}/test/unit/runtime/runtime_test'],
               ['{build}/test/unit/formats/formats_test']]),
    'launch': Area(
        sources=['runtime/lib/LaunchPlan.cpp', 'runtime/lib/Launch.cpp'],
        targets=['runtime_test', 'runtime_host_test'],
        tests=[['{build}/test/unit/runtime/runtime_test'],
               ['{build}/test/unit/runtime/runtime_host_test']]),
    # Needs a build with the compiler; each mutant relinks tilecc.
    'safety': Area(
        sources=['compiler/safety/lib/' + name for name in sorted(
            os.listdir(os.path.join(ROOT, 'compiler/safety/lib')))
            if name.endswith('.cpp')]
        if os.path.isdir(os.path.join(ROOT, 'compiler/safety/lib')) else [],
        targets=['tilecc'],
        tests=[['/usr/lib/llvm-22/bin/lit', '-q', '{build}/test/Safety',
                '{build}/test/Frontend']]),
}

# ---------------------------------------------------------------------------
# Lexing: just enough of C++ to tell code from comments and literals.

PUNCTUATORS = sorted([
    '<<=', '>>=', '<=>', '->*', '...', '::', '->', '++', '--', '<<', '>>',
    '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=',
    '|=', '^=', '.*'], key=len, reverse=True)
PP_NUMBER = re.compile(r"\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.']|)*")
INTEGER = re.compile(
    r"^(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)([uUlLzZ]*)$")
IDENTIFIER = re.compile(r'[A-Za-z_][A-Za-z_0-9]*')
STRING_PREFIXES = ('', 'L', 'u', 'U', 'u8')


@dataclasses.dataclass
class Token:
    kind: str   # 'ident', 'number', 'string' or 'punct'
    text: str
    start: int  # offset in the file
    end: int


def lex(text):
    """The code tokens of a C++ source; comments, preprocessor lines and
    whitespace produce none."""
    tokens = []
    i, n = 0, len(text)
    line_start = True  # only whitespace since the last newline
    while i < n:
        c = text[i]
        if c == '\n':
            line_start = True
            i += 1
            continue
        if c.isspace():
            i += 1
            continue
        if c == '#' and line_start:
            # A preprocessor line, with its continuations.
            while i < n and text[i] != '\n':
                i += 2 if text[i] == '\\' else 1
            continue
        line_start = False
        if text.startswith('//', i):
            i = text.find('\n', i)
            i = n if i < 0 else i
            continue
        if text.startswith('/*', i):
            end = text.find('*/', i + 2)
            i = n if end < 0 else end + 2
            continue
        match = IDENTIFIER.match(text, i)
        if match:
            word = match.group()
            after = match.end()
            if after < n and text[after] == '"' and word.endswith('R') and \
                    word[:-1] in STRING_PREFIXES:
                end = raw_string_end(text, after)
                tokens.append(Token('string', text[i:end], i, end))
                i = end
                continue
            if after < n and text[after] in '"\'' and word in STRING_PREFIXES:
                end = quoted_end(text, after)
                tokens.append(Token('string', text[i:end], i, end))
                i = end
                continue
            tokens.append(Token('ident', word, i, after))
            i = after
            continue
        if c in '"\'':
            end = quoted_end(text, i)
            tokens.append(Token('string', text[i:end], i, end))
            i = end
            continue
        match = PP_NUMBER.match(text, i)
        if match:
            tokens.append(Token('number', match.group(), i, match.end()))
            i = match.end()
            continue
        for punct in PUNCTUATORS:
            if text.startswith(punct, i):
                break
        else:
            punct = c
        tokens.append(Token('punct', punct, i, i + len(punct)))
        i += len(punct)
    return tokens


def quoted_end(text, i):
    quote = text[i]
    i += 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == '\\' else 1
    return i + 1


def raw_string_end(text, i):
    open_paren = text.index('(', i)
    delimiter = ')' + text[i + 1:open_paren] + '"'
    return text.index(delimiter, open_paren) + len(delimiter)


# ---------------------------------------------------------------------------
# Mutation sites.

@dataclasses.dataclass
class Mutant:
    file: str       # relative to the checkout
    line: int
    column: int
    operator: str
    original: str   # the text replaced ...
    mutated: str    # ... and what replaces it
    start: int
    end: int
    source_line: str = ''

    def site(self):
        return f'{self.file}:{self.line}:{self.column}'

    def describe(self):
        original = ' '.join(self.original.split())
        return f'{self.site()}: {self.operator}: {original} -> ' \
               f'{self.mutated or "(removed)"}'


RELATIONAL = {'<': ['<=', '>='], '<=': ['<', '>'], '>': ['>=', '<='],
              '>=': ['>', '<'], '==': ['!='], '!=': ['==']}
# Tokens after which a binary operator is expected (an operand ends there).
KEYWORDS = {'return', 'case', 'throw', 'co_return', 'sizeof', 'else', 'do',
            'new', 'delete', 'typename', 'template', 'operator', 'const',
            'constexpr', 'auto', 'if', 'while', 'for', 'switch'}
BUILTIN_TYPES = {'auto', 'bool', 'char', 'int', 'long', 'short', 'unsigned',
                 'signed', 'float', 'double', 'void', 'const'}
CLOSERS = {'(': ')', '[': ']', '{': '}'}


def ends_operand(token):
    if token.kind == 'ident':
        return token.text not in KEYWORDS
    return token.kind in ('number', 'string') or token.text in (')', ']')


def matching(tokens, i):
    """The index of the bracket that closes tokens[i] ((, [ or {)."""
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j].text in CLOSERS:
            depth += 1
        elif tokens[j].text in CLOSERS.values():
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def template_brackets(tokens):
    """The indices of '<', '>' and '>>' tokens that bracket template
    arguments: a '<' after a name whose '>' comes before anything that ends
    an expression or a condition."""
    brackets = set()
    stops = {';', '{', '}', '&&', '||', '?'}
    for i, token in enumerate(tokens):
        if token.text != '<' or i == 0 or tokens[i - 1].kind != 'ident' or \
                tokens[i - 1].text == 'operator':
            continue
        depth, parens, inner = 1, 0, [i]
        for j in range(i + 1, len(tokens)):
            text = tokens[j].text
            if text in stops:
                break
            if text in ('(', '['):
                parens += 1
            elif text in (')', ']'):
                parens -= 1
                if parens < 0:
                    break
            elif parens == 0 and text == '<' and tokens[j - 1].kind == 'ident':
                depth += 1
                inner.append(j)
            elif parens == 0 and text in ('>', '>>'):
                depth -= len(text)
                inner.append(j)
                if depth <= 0:
                    brackets.update(inner)
                    break
    return brackets


def statement_bounds(tokens, i):
    begin = i
    while begin > 0 and tokens[begin - 1].text not in (';', '{', '}'):
        begin -= 1
    end = i
    while end < len(tokens) - 1 and tokens[end + 1].text not in (';', '{',
                                                                  '}'):
        end += 1
    return begin, end


def builds_string(tokens, i):
    """Whether the statement holding tokens[i] handles strings, where '+'
    concatenates."""
    begin, end = statement_bounds(tokens, i)
    return any(t.kind == 'string' or t.text in ('to_string', 'string')
               for t in tokens[begin:end + 1])


def is_rvalue_reference(tokens, i):
    """'&&' after a type (auto&&, T&&, vector<T>&&) rather than between
    conditions."""
    before = tokens[i - 1]
    if before.text == '>' or before.text in BUILTIN_TYPES:
        return True
    return before.kind == 'ident' and before.text[:1].isupper() and \
        i + 2 < len(tokens) and tokens[i + 1].kind == 'ident' and \
        tokens[i + 2].text in (',', ')', '=', ';', ':', '{')


def guards_exit(body):
    for token in body:
        if token.text in ('throw', 'return'):
            return True
        lowered = token.text.lower()
        if token.kind == 'ident' and ('fail' in lowered or 'error' in lowered):
            return True
    return False


def integer_mutations(text):
    match = INTEGER.match(text)
    if not match:
        return []
    digits, suffix = match.groups()
    value = int(digits.replace("'", ''), 0 if len(digits) > 1 and
                digits[1] in 'xXbB' else 10)
    if value == 0:
        return ['1' + suffix]
    return [str(value + 1) + suffix, '0' + suffix]


def find_mutants(text, file):
    """Every mutant of one source, in source order."""
    tokens = lex(text)
    templates = template_brackets(tokens)
    found = []

    def add(operator, first, last, mutated):
        start, end = tokens[first].start, tokens[last].end
        found.append((start, end, operator, text[start:end], mutated))

    for i, token in enumerate(tokens):
        t = token.text
        before = tokens[i - 1] if i > 0 else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.kind == 'number':
            for mutated in integer_mutations(t):
                add('constant', i, i, mutated)
            continue
        if token.kind != 'punct' or before is None or after is None:
            if t == 'if' and after is not None and after.text == '(':
                check = deleted_check(tokens, i)
                if check:
                    add('check', check[0], check[1], 'false')
            continue
        if before.text == 'operator':
            continue
        if t in RELATIONAL and i not in templates:
            if t in ('<', '>', '<=', '>=') and not ends_operand(before):
                continue
            for mutated in RELATIONAL[t]:
                add('relational', i, i, mutated)
        elif t in ('&&', '||'):
            if t == '&&' and is_rvalue_reference(tokens, i):
                continue
            add('logical', i, i, '||' if t == '&&' else '&&')
        elif t == '!' and after.text != '=':
            add('logical', i, i, '')
        elif t in ('+', '-') and ends_operand(before):
            if t == '+' and builds_string(tokens, i):
                continue
            add('arithmetic', i, i, '-' if t == '+' else '+')
        elif t in ('+=', '-='):
            if t == '+=' and builds_string(tokens, i):
                continue
            add('arithmetic', i, i, '-=' if t == '+=' else '+=')
        elif t == '*' and ends_operand(before) and \
                text[token.start - 1].isspace() and \
                text[token.end].isspace():
            # Clang-format spaces both sides of a product, not of a pointer.
            add('arithmetic', i, i, '/')
        elif t == '/' and ends_operand(before):
            add('arithmetic', i, i, '*')

    mutants = []
    for start, end, operator, original, mutated in found:
        line = text.count('\n', 0, start) + 1
        line_begin = text.rfind('\n', 0, start) + 1
        line_end = text.find('\n', start)
        line_end = len(text) if line_end < 0 else line_end
        mutants.append(Mutant(
            file, line, start - line_begin + 1, operator, original, mutated,
            start, end, text[line_begin:line_end].strip()))
    return mutants


def deleted_check(tokens, i):
    """The token range of the condition of the if at tokens[i] when it
    guards a throw, a return or an error report, else None. Of
    'if (init; cond)' only cond; an if that declares its variable is
    skipped (the body may use it)."""
    close = matching(tokens, i + 1)
    first = i + 2
    depth = 0
    for j in range(first, close):
        text = tokens[j].text
        if text in CLOSERS:
            depth += 1
        elif text in CLOSERS.values():
            depth -= 1
        elif depth == 0 and text == ';':
            first = j + 1
        elif depth == 0 and text == '=':
            return None
    if first >= close or close + 1 >= len(tokens):
        return None
    if tokens[close + 1].text == '{':
        body = tokens[close + 1:matching(tokens, close + 1) + 1]
    else:
        end, depth = close + 1, 0
        while end < len(tokens):
            text = tokens[end].text
            if text in CLOSERS:
                depth += 1
            elif text in CLOSERS.values():
                depth -= 1
            elif text == ';' and depth <= 0:
                break
            end += 1
        body = tokens[close + 1:end + 1]
    if not guards_exit(body):
        return None
    if close - first == 1 and tokens[first].text == 'false':
        return None
    return first, close - 1


# ---------------------------------------------------------------------------
# Running mutants.

class Interrupted(Exception):
    pass


def on_signal(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def git_dirty(files):
    result = subprocess.run(['git', 'status', '--porcelain', '--'] + files,
                            cwd=ROOT, capture_output=True, text=True,
                            check=True)
    return result.stdout.strip()


def build(args, area):
    command = ['cmake', '--build', args.build_dir, '--target'] + area.targets
    if args.jobs:
        command += ['-j', str(args.jobs)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return result.returncode == 0, result.stdout + result.stderr


def run_tests(args, area):
    """'passed', 'failed' or 'timeout'."""
    for test in area.tests:
        command = [word.format(build=args.build_dir) for word in test]
        process = subprocess.Popen(command, cwd=ROOT,
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        try:
            if process.wait(timeout=args.timeout) != 0:
                return 'failed'
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return 'timeout'
    return 'passed'


def select(mutants, args):
    if args.only:
        wanted = set(args.only)
        return [m for m in mutants
                if f'{m.file}:{m.line}' in wanted or m.site() in wanted]
    if args.max_mutants and len(mutants) > args.max_mutants:
        chosen = random.Random(args.seed).sample(range(len(mutants)),
                                                 args.max_mutants)
        return [mutants[i] for i in sorted(chosen)]
    return mutants


def run_mutants(args, area, mutants):
    """Runs each mutant; returns (mutant, outcome) pairs, the outcome one of
    'killed', 'timeout', 'survived', 'not compiled'."""
    ok, log = build(args, area)
    if not ok:
        sys.exit('the original sources do not build:\n' + log[-4000:])
    if run_tests(args, area) != 'passed':
        sys.exit("the original sources fail the area's tests")
    results = []
    originals = {}
    for file in sorted({m.file for m in mutants}):
        with open(os.path.join(ROOT, file)) as f:
            originals[file] = f.read()
    for number, mutant in enumerate(mutants, 1):
        path = os.path.join(ROOT, mutant.file)
        original = originals[mutant.file]
        began = time.monotonic()
        try:
            with open(path, 'w') as f:
                f.write(original[:mutant.start] + mutant.mutated +
                        original[mutant.end:])
            ok, _ = build(args, area)
            outcome = 'not compiled'
            if ok:
                outcome = {'failed': 'killed', 'timeout': 'timeout',
                           'passed': 'survived'}[run_tests(args, area)]
        finally:
            with open(path, 'w') as f:
                f.write(original)
        results.append((mutant, outcome))
        print(f'[{number}/{len(mutants)}] {outcome:12} '
              f'{time.monotonic() - began:5.1f}s  {mutant.describe()}',
              flush=True)
    return results


def summary(area_name, results):
    count = lambda *outcomes: sum(1 for _, o in results if o in outcomes)
    killed = count('killed', 'timeout')
    survived = count('survived')
    tested = killed + survived
    return {
        'area': area_name,
        'date': time.strftime('%Y-%m-%d'),
        'mutants': len(results),
        'killed': killed,
        'timeouts': count('timeout'),
        'survived': survived,
        'not_compiled': count('not compiled'),
        'score': killed / tested if tested else None,
        'survivors': [dataclasses.asdict(m) for m, o in results
                      if o == 'survived'],
    }


def format_score(score):
    return 'n/a' if score is None else f'{100 * score:.1f}%'


def print_summary(report):
    print(f"\n{report['area']}: {report['mutants']} mutants, "
          f"{report['killed']} killed ({report['timeouts']} by timeout), "
          f"{report['survived']} survived, {report['not_compiled']} did not "
          f"compile; score {format_score(report['score'])}")
    for m in report['survivors']:
        print(f"  {m['file']}:{m['line']}: {m['original']} -> "
              f"{m['mutated'] or '(removed)'}\n      {m['source_line']}")


def markdown(report):
    lines = [
        f"### {report['area']} ({report['date']})", '',
        '| mutants | killed | survived | did not compile | score |',
        '|---|---|---|---|---|',
        f"| {report['mutants']} | {report['killed']} | {report['survived']} "
        f"| {report['not_compiled']} | {format_score(report['score'])} |", '']
    if report['survivors']:
        lines += ['Survivors:', '']
        for m in report['survivors']:
            lines.append(f"- `{m['file']}:{m['line']}`: `{m['original']}` -> "
                         f"`{m['mutated'] or '(removed)'}` in "
                         f"`{m['source_line']}`")
        lines.append('')
    return '\n'.join(lines)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('area', choices=sorted(AREAS))
    parser.add_argument('--build-dir', default=os.path.join(ROOT, 'build'))
    parser.add_argument('--max-mutants', type=int, default=0,
                        help='a sample of this many (0: all)')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--only', action='append', metavar='FILE:LINE[:COL]',
                        help='only the mutants at this site (repeatable)')
    parser.add_argument('--list', action='store_true',
                        help='list the candidate mutants and stop')
    parser.add_argument('--timeout', type=float, default=120,
                        help='seconds per test command')
    parser.add_argument('--jobs', type=int, default=0,
                        help='parallel build jobs (default: the build\'s)')
    parser.add_argument('--json', metavar='FILE')
    parser.add_argument('--markdown', metavar='FILE')
    args = parser.parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    area = AREAS[args.area]

    mutants = []
    for file in area.sources:
        with open(os.path.join(ROOT, file)) as f:
            mutants += find_mutants(f.read(), file)
    if args.list:
        for mutant in mutants:
            print(mutant.describe())
        print(f'{len(mutants)} mutants', file=sys.stderr)
        return
    dirty = git_dirty(area.sources)
    if dirty:
        sys.exit('commit or stash these first (a mutant is restored from '
                 'memory):\n' + dirty)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        results = run_mutants(args, area, select(mutants, args))
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        ok, log = build(args, area)
        if not ok:
            print('rebuilding the original sources failed:\n' + log[-4000:],
                  file=sys.stderr)
    report = summary(args.area, results)
    print_summary(report)
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(report, f, indent=2)
    if args.markdown:
        with open(args.markdown, 'w') as f:
            f.write(markdown(report))


if __name__ == '__main__':
    main()
