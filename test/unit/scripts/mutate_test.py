"""Tests of scripts/mutate.py's lexer and mutation operators (no build)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'scripts'))
import mutate  # noqa: E402


def mutants(source):
    """(operator, original, mutated) of every mutant of `source`."""
    return [(m.operator, m.original, m.mutated)
            for m in mutate.find_mutants(source, 'x.cpp')]


class LexerTest(unittest.TestCase):
    def test_comments_literals_and_preprocessor_make_no_code(self):
        source = '\n'.join([
            '#include <vector>',
            '#define TWICE(x) \\',
            '  ((x) + (x))',
            '// a < b',
            '/* a == b */',
            'const char *s = "a < b" R"(x == y)" u8"!";',
            "char c = '<';"])
        texts = [t.text for t in mutate.lex(source) if t.kind != 'string']
        self.assertEqual(texts, ['const', 'char', '*', 's', '=', ';', 'char',
                                 'c', '=', ';'])
        self.assertEqual(mutants(source), [])

    def test_longest_punctuators(self):
        texts = [t.text for t in mutate.lex('a->b >>= c <=> d && e')]
        self.assertEqual(texts, ['a', '->', 'b', '>>=', 'c', '<=>', 'd', '&&',
                                 'e'])

    def test_numbers_with_separators_and_suffixes(self):
        self.assertEqual([t.text for t in mutate.lex("1'000u + 0x1fULL")],
                         ["1'000u", '+', '0x1fULL'])


class OperatorTest(unittest.TestCase):
    def test_relational(self):
        self.assertEqual(mutants('bool f() { return a < b; }'),
                         [('relational', '<', '<='),
                          ('relational', '<', '>=')])
        self.assertEqual(mutants('bool f() { return a != b; }'),
                         [('relational', '!=', '==')])

    def test_template_brackets_are_not_relational(self):
        source = ('std::vector<std::pair<int, T>> v; '
                  'auto n = static_cast<size_t>(x) > y; '
                  'std::array<int, kN> a; bool operator<(const A &);')
        self.assertEqual(mutants(source), [('relational', '>', '>='),
                                           ('relational', '>', '<=')])

    def test_comparison_in_a_condition_is_not_a_template(self):
        ops = mutants('void f() { for (i = 0; i < n; ++i) g(i > m); }')
        self.assertIn(('relational', '<', '<='), ops)
        self.assertIn(('relational', '>', '>='), ops)

    def test_logical(self):
        self.assertEqual(mutants('bool f() { return a && !b; }'),
                         [('logical', '&&', '||'), ('logical', '!', '')])

    def test_rvalue_references_are_not_logical(self):
        self.assertEqual(mutants('void f(Foo &&x, auto &&y);'), [])

    def test_arithmetic(self):
        self.assertEqual(mutants('int f() { return a + b * c - d / e; }'),
                         [('arithmetic', '+', '-'), ('arithmetic', '*', '/'),
                          ('arithmetic', '-', '+'), ('arithmetic', '/', '*')])

    def test_no_arithmetic_on_pointers_signs_or_strings(self):
        source = ('const char *p = q; int n = -m; x++; --y; a->b; '
                  'std::string s = "a" + t; s += "b";')
        self.assertEqual(mutants(source), [])

    def test_constants(self):
        self.assertEqual(mutants('int a = 0, b = 7u, c = 0x10;'),
                         [('constant', '0', '1'), ('constant', '7u', '8u'),
                          ('constant', '7u', '0u'), ('constant', '0x10', '17'),
                          ('constant', '0x10', '0')])
        self.assertEqual(mutants('double d = 1.5; float f = 2.0f;'), [])

    def test_deleted_checks(self):
        ops = mutants('void f() { if (!ok(x)) throw Error("no"); }')
        self.assertIn(('check', '!ok(x)', 'false'), ops)
        ops = mutants('int f() { if (n; n > limit) { return fail(); } }')
        self.assertIn(('check', 'n > limit', 'false'), ops)

    def test_checks_need_an_exit_and_no_declaration(self):
        ops = mutants('void f() { if (x) g(); if (auto *p = h()) return; }')
        self.assertNotIn('check', [op for op, _, _ in ops])

    def test_sites(self):
        [mutant] = [m for m in mutate.find_mutants('int a;\nbool b = a == 1;',
                                                   'x.cpp')
                    if m.operator == 'relational']
        self.assertEqual(mutant.site(), 'x.cpp:2:12')
        self.assertEqual(mutant.source_line, 'bool b = a == 1;')


class AreaTest(unittest.TestCase):
    def test_every_area_source_exists_and_has_mutants(self):
        for name, area in mutate.AREAS.items():
            for source in area.sources:
                path = os.path.join(mutate.ROOT, source)
                with open(path) as f:
                    self.assertTrue(mutate.find_mutants(f.read(), source),
                                    f'{name}: {source}')


if __name__ == '__main__':
    unittest.main()
