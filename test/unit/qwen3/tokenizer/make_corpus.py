#!/usr/bin/env python3
"""Writes corpus.jsonl, the texts the Qwen3 tokenizer is checked on against
its reference: one JSON string per line, so that a text may hold newlines.

The texts are generated from the word lists below with a fixed seed, so the
corpus is the same on every run: English prose, C++ and Python code, CJK,
other scripts, emoji (ZWJ sequences, skin tones, flags), numbers, runs of
spaces, tabs and newlines, special tokens, and accents in NFD form.
Usage: make_corpus.py [OUT] (default: corpus.jsonl next to this script)
"""
import json
import os
import random
import sys

rng = random.Random(20250611)

NOUNS = """kernel tile compiler river engine lantern garden matrix window
teacher cluster packet harbor violin orbit glacier ledger puzzle bridge
falcon meadow signal archive thread buffer pipeline candle mountain
stream vector tensor library parser token sentence island""".split()
VERBS = """compiles carries follows measures builds paints rewrites visits
sorts loads writes reads folds splits merges counts watches fixes""".split()
ADJS = """quick quiet bright narrow ancient careful sparse dense lazy green
shallow heavy tiny enormous patient curious broken silent golden""".split()
ADVS = """slowly often rarely carefully twice gladly barely""".split()
NAMES = "Ada Brook Chen Dara Emil Farah Goro Hana Ivan Jude Kofi Lena".split()
CONTRACTIONS = ["don't", "it's", "we're", "they've", "I'm", "you'll",
                "she'd", "IT'S", "WE'RE", "DON'T", "'Sam", "'LL", "O'Neil",
                "rock 'n' roll", "'tis", "y'all'd've"]


def sentence():
    words = [rng.choice(NAMES), rng.choice(VERBS), "the", rng.choice(ADJS),
             rng.choice(NOUNS)]
    if rng.random() < 0.5:
        words += [rng.choice(ADVS)]
    if rng.random() < 0.4:
        words += ["because", rng.choice(CONTRACTIONS), rng.choice(ADJS)]
    if rng.random() < 0.3:
        words.insert(rng.randrange(1, len(words)), rng.choice(CONTRACTIONS))
    end = rng.choice([".", "!", "?", "...", ";", " :)", ".\"", "?!"])
    return " ".join(words) + end


def prose():
    return " ".join(sentence() for _ in range(rng.randint(1, 5)))


CPP_TYPES = ["int", "float", "double", "std::size_t", "auto",
             "std::vector<int>", "const char *", "uint8_t"]


def cpp():
    name = rng.choice(NOUNS) + rng.choice(["Count", "Size", "_idx", "Ptr", ""])
    t = rng.choice(CPP_TYPES)
    indent = rng.choice(["  ", "    ", "\t"])
    body = [
        f"{t} {name}(std::span<const float> xs) {{",
        f"{indent}{t} acc = {rng.randint(0, 99)};",
        f"{indent}for (std::size_t i = 0; i < xs.size(); ++i) {{",
        f"{indent}{indent}acc += xs[i] * {rng.random():.4f}f; // {sentence()}",
        f"{indent}}}",
        f"{indent}return acc >> {rng.randint(1, 7)} != 0 ? acc : -acc;",
        "}",
    ]
    if rng.random() < 0.3:
        body.insert(0, "#include <vector>\n#include \"tile/kernel.h\"\n")
    if rng.random() < 0.3:
        body.insert(0, "/// " + sentence())
    return "\n".join(body[: rng.randint(2, len(body))])


def python():
    name = rng.choice(NOUNS)
    indent = rng.choice(["    ", "  ", "\t"])
    body = [
        f"def {name}_{rng.choice(VERBS)}(items, *, limit={rng.randint(1, 999)}):",
        f'{indent}"""{sentence()}"""',
        f"{indent}out = [x ** 2 for x in items if x % {rng.randint(2, 9)} == 0]",
        f"{indent}if len(out) >= limit:  # {rng.choice(ADJS)}",
        f"{indent}{indent}raise ValueError(f\"too many: {{len(out)}}\")",
        f"{indent}return {{'{name}': out, \"n\": len(out)}}",
    ]
    return "\n".join(body[: rng.randint(2, len(body))]) + rng.choice(
        ["", "\n", "\n\n", "\r\n"])


HANZI = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成"
         "会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着"
         "等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把"
         "性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新"
         "线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公"
         "无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活"
         "设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运"
         "农指几九区强放决西被干做必战先回则任取据处理世车")
KANA = ("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめも"
        "やゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテトナニヌネ"
        "ノハヒフヘホマミムメモヤユヨラリルレロワヲンーッャュョ")
HANGUL_WORDS = ["안녕하세요", "감사합니다", "컴퓨터", "토큰", "서울", "바다",
                "학교", "사랑", "음악", "하늘", "커피", "친구"]
CJK_PUNCT = ["，", "。", "、", "！", "？", "「", "」", "（", "）", "：", "；",
             "・", "《", "》", "～"]


def cjk():
    kind = rng.randrange(4)
    parts = []
    for _ in range(rng.randint(1, 6)):
        if kind == 0:
            parts.append("".join(rng.choice(HANZI)
                         for _ in range(rng.randint(2, 12))))
        elif kind == 1:
            parts.append("".join(rng.choice(HANZI + KANA)
                         for _ in range(rng.randint(2, 10))))
        elif kind == 2:
            parts.append(" ".join(rng.choice(HANGUL_WORDS)
                         for _ in range(rng.randint(1, 4))))
        else:
            parts.append("".join(rng.choice(HANZI) for _ in range(3)) + " " +
                         rng.choice(NOUNS) + " " + str(rng.randint(0, 2025)))
        parts.append(rng.choice(CJK_PUNCT))
    return "".join(parts)


OTHER_SCRIPTS = [
    "Привет, мир! Как дела?", "Ελληνικά γράμματα και αριθμοί 42",
    "مرحبا بالعالم ١٢٣", "שלום עולם", "नमस्ते दुनिया १२३",
    "สวัสดีชาวโลก", "Xin chào thế giới", "Zażółć gęślą jaźń",
    "Größe, Straße, Fußgänger", "ǅemal ǈubljana ǋ", "İstanbul ıi",
    "ﬁnance ﬂow ﬀ", "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ　１２３", "Ⅻ ⅻ ① ② ⑳",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕄𝕒𝕥𝕙 𝟙𝟚𝟛", "ℕ ⊂ ℤ ⊂ ℚ ⊂ ℝ, ∀x ∈ ℝ: x² ≥ 0",
    "𐌰𐌱𐌲 𓀀𓀁", "Ωmega µicro Å ångström", "ab\u00adcd soft\u00adhyphen",
    "zero\u200bwidth\u200cnon\u200djoiner",
]

EMOJI = ["😀", "😂", "🥲", "🤖", "🚀", "🌍", "🔥", "✨", "❤️", "👍",
         "👍🏽", "👋🏿", "🧑🏻‍💻", "👩🏾‍🔬", "👨‍👩‍👧‍👦", "👩‍❤️‍👨",
         "🏳️‍🌈", "🏴‍☠️", "🇯🇵", "🇺🇸", "🇩🇪", "1️⃣", "#️⃣", "©️", "☕",
         "🐕‍🦺", "🧔‍♀️", "🤝🏼", "👁️‍🗨️", "🙇‍♂️", "⌚", "🀄", "🃏"]


def emoji():
    parts = []
    for _ in range(rng.randint(1, 6)):
        r = rng.random()
        if r < 0.4:
            parts.append(rng.choice(EMOJI))
        elif r < 0.7:
            parts.append(rng.choice(NOUNS))
        else:
            parts.append("".join(rng.choice(EMOJI)
                         for _ in range(rng.randint(2, 5))))
    return rng.choice([" ", "", "  "]).join(parts)


def numbers():
    r = rng.randrange(7)
    if r == 0:
        return str(rng.randint(0, 10 ** rng.randint(1, 40)))
    if r == 1:
        return f"{rng.uniform(-1e6, 1e6):.{rng.randint(0, 9)}f}"
    if r == 2:
        return f"{rng.randint(1, 999):,}{rng.randint(0, 999):03d},{rng.randint(0, 999):03d}"
    if r == 3:
        return f"+1 ({rng.randint(200, 999)}) {rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
    if r == 4:
        return f"{rng.randint(1900, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"
    if r == 5:
        return f"0x{rng.getrandbits(64):016X} 0b{rng.getrandbits(12):012b} {rng.random():.3e}"
    return f"{sentence()} {rng.randint(0, 10 ** 12)} {rng.choice(NOUNS)}s"


WS = [" ", "  ", "   ", "\t", "\t\t", "\n", "\n\n", "\r\n", " \n", "\n ",
      "\t \t", "      ", "\u00a0", "\u3000", "\u2009", "\n\n\n\n"]


def whitespace():
    parts = []
    for _ in range(rng.randint(1, 8)):
        parts.append(rng.choice(NOUNS + ["", "", ".", "!", "x1"]))
        parts.append("".join(rng.choice(WS) for _ in range(rng.randint(1, 3))))
    return "".join(parts)


SPECIALS = ["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<think>",
            "</think>", "<tool_call>", "</tool_call>", "<|fim_prefix|>",
            "<|fim_middle|>", "<|fim_suffix|>", "<|vision_start|>",
            "<|image_pad|>", "<tool_response>", "<|file_sep|>"]
NEAR_SPECIALS = ["<|im_start", "im_start|>", "<|im_start |>", "<think >",
                 "< think>", "<|IM_START|>", "<thinking>", "</think", "<|>",
                 "<<|im_end|>>", "<|endoftext|><|endoftext|>"]


def specials():
    r = rng.randrange(4)
    if r == 0:
        role = rng.choice(["system", "user", "assistant"])
        return f"<|im_start|>{role}\n{sentence()}<|im_end|>\n"
    if r == 1:
        return f"<think>\n{sentence()}\n</think>\n\n{sentence()}"
    parts = []
    for _ in range(rng.randint(2, 6)):
        parts.append(rng.choice(SPECIALS + NEAR_SPECIALS + NOUNS +
                                [" ", "\n", "x"]))
    return "".join(parts)


NFD_WORDS = ["cafe\u0301", "re\u0301sume\u0301", "nai\u0308ve",
             "A\u030angstro\u0308m", "Se\u00f1or vs Sen\u0303or",
             "Z\u030cluc\u030cka\u0301", "pho\u031b\u0309", "\u1100\u1161\u11a8",
             "\u1112\u1161\u11ab\u1100\u1173\u11af", "e\u0301\u0301",
             "o\u0302\u0323", "\u0041\u030a\u0301", "i\u0307", "\u0915\u093c",
             "\u304b\u3099\u304d\u3099", "\u212b", "\u2126hm"]


def nfd():
    return " ".join(rng.choice(NFD_WORDS + NOUNS)
                    for _ in range(rng.randint(1, 6)))


def markup():
    r = rng.randrange(4)
    if r == 0:
        return (f"# {rng.choice(ADJS).title()} {rng.choice(NOUNS)}\n\n"
                f"- **{rng.choice(NOUNS)}**: `{rng.choice(NOUNS)}()`\n"
                f"- [link](https://example.com/{rng.choice(NOUNS)}?q={rng.randint(1, 99)}&x=y)\n")
    if r == 1:
        return json.dumps({rng.choice(NOUNS): [rng.randint(0, 99), None, True],
                           "text": sentence()}, indent=rng.choice([None, 2]))
    if r == 2:
        return f"$$\\frac{{a_{rng.randint(1, 9)}}}{{b^2}} = \\sum_{{i=0}}^{{n}} x_i$$"
    return f"<div class=\"{rng.choice(NOUNS)}\">{sentence()}</div>"


GENERATORS = [prose] * 3 + [cpp, python, cjk, emoji, numbers, whitespace,
                            specials, nfd, markup]

FIXED = [
    "", " ", "  ", "\n", "\t", "a", "A", "1", "12", "123", "1234",
    "Hello world", "Hello, world!", " hello", "hello ", "  leading and trailing  ",
    "x" * 300, "ab" * 200, " " * 500, "\n" * 50, "\t" * 40, "7" * 100,
    "The quick brown fox jumps over the lazy dog.",
    "<|im_start|>", "<|im_end|>", "<|endoftext|>", "<think>", "</think>",
    "<think>\n\n</think>\n\n", "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
    "IT'S 'Sam DON'T we'LL I'M", "'s't're've'm'll'd", "''''''", "...!!!???",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466" * 3,
    "\U0001F44D\U0001F3FB\U0001F44D\U0001F3FC\U0001F44D\U0001F3FD\U0001F44D\U0001F3FE\U0001F44D\U0001F3FF",
    "e\u0301" * 20, "\u00e9" * 20, "a\r\nb\rc\nd", "tab\tseparated\tvalues\t1\t2",
    "CamelCaseIdentifierWithNumbers123AndMore", "snake_case_name_42",
    "https://huggingface.co/Qwen/Qwen3-0.6B/blob/main/tokenizer.json",
    "user@example.com", "C:\\Program Files\\tile\\bin", "~/.config/tile/rc",
    "3.14159265358979323846264338327950288419716939937510",
    "-0.0 +1e-9 1_000_000 0xDEADBEEF", "a\u00a0b\u2003c\u3000d",
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "corpus.jsonl")
    texts = list(FIXED) + list(OTHER_SCRIPTS)
    while len(texts) < 1200:
        texts.append(rng.choice(GENERATORS)())
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for text in texts:
            line = json.dumps(text, ensure_ascii=False)
            # Line and paragraph separators stay escaped so every text is
            # exactly one line for any reader.
            line = line.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
            f.write(line + "\n")


if __name__ == "__main__":
    main()
