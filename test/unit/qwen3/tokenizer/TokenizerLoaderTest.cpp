//===- TokenizerLoaderTest.cpp - Reading a tokenizer from its files -------===//
//
// Loads the small hand-built tokenizer with one part changed at a time.
// The ids of the cases that encode are those Hugging Face's tokenizers
// (0.23) give for the same files; the errors are ours, one test each.
//
//===----------------------------------------------------------------------===//

#include "SmallTokenizer.h"
#include "TestSupport.h"

namespace qwen3::test {
namespace {

using nlohmann::json;
using Ids = std::vector<int32_t>;

/// Whether `message` contains `part`, saying both when not.
::testing::AssertionResult mentions(const std::string &message,
                                    const std::string &part) {
  if (message.find(part) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\"" << message << "\" does not mention \"" << part << "\"";
}

//===----------------------------------------------------------------------===//
// What a tokenizer that loads knows
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, LoadsTheVocabularyAndTheAddedTokens) {
  Tokenizer tokenizer = load();
  EXPECT_EQ(tokenizer.vocabSize(), small::NEXT);
  EXPECT_EQ(tokenizer.tokenText('a'), "a");
  EXPECT_EQ(tokenizer.tokenText(' '), "\u0120");
  EXPECT_EQ(tokenizer.tokenBytes(' '), " ");
  EXPECT_EQ(tokenizer.tokenText(small::SPACE_WORLD), "\u0120world");
  EXPECT_EQ(tokenizer.tokenBytes(small::SPACE_WORLD), " world");
  EXPECT_EQ(tokenizer.tokenId("hello"), small::HELLO);
  EXPECT_EQ(tokenizer.tokenId("<think>"), small::THINK);
  EXPECT_TRUE(tokenizer.isSpecial(small::IM_START));
  EXPECT_FALSE(tokenizer.isSpecial(small::THINK));
  EXPECT_FALSE(tokenizer.isSpecial(small::HELLO));
  EXPECT_EQ(tokenizer.encode("hello world"),
            (Ids{small::HELLO, small::SPACE_WORLD}));
  EXPECT_EQ(tokenizer.encode("so world"), (Ids{'s', 'o', small::SPACE_WORLD}));
}

TEST_F(TokenizerFiles, FindsTheSpecialTokensByTheirRoles) {
  Tokenizer tokenizer = load();
  const SpecialTokens &special = tokenizer.specialTokens();
  EXPECT_EQ(special.endOfText, small::END_OF_TEXT);
  EXPECT_EQ(special.imStart, small::IM_START);
  EXPECT_EQ(special.imEnd, small::IM_END);
  EXPECT_EQ(special.thinkStart, small::THINK);
  EXPECT_EQ(special.thinkEnd, small::THINK_END);
  EXPECT_EQ(special.eos, small::IM_END);
  EXPECT_EQ(special.pad, small::END_OF_TEXT);
  EXPECT_EQ(special.bos, std::nullopt);
}

TEST_F(TokenizerFiles, ReadsTheConfigsTokensInEitherForm) {
  json config = {{"eos_token", {{"content", "</think>"}}},
                 {"bos_token", "<think>"}};
  Tokenizer tokenizer = load(smallTokenizerJson(), config);
  const SpecialTokens &special = tokenizer.specialTokens();
  EXPECT_EQ(special.eos, small::THINK_END);
  EXPECT_EQ(special.bos, small::THINK);
  // Without a pad_token, <|endoftext|> pads.
  EXPECT_EQ(special.pad, small::END_OF_TEXT);
  config["pad_token"] = {{"content", "<|im_start|>"}, {"special", true}};
  EXPECT_EQ(load(smallTokenizerJson(), config).specialTokens().pad,
            small::IM_START);
}

TEST_F(TokenizerFiles, ReadsMergesWrittenAsStrings) {
  json root = smallTokenizerJson();
  for (json &merge : root["model"]["merges"])
    merge = merge[0].get<std::string>() + " " + merge[1].get<std::string>();
  EXPECT_EQ(load(root).encode("hello world"),
            (Ids{small::HELLO, small::SPACE_WORLD}));
}

TEST_F(TokenizerFiles, NormalizesToNfcOnlyWithTheNfcNormalizer) {
  std::string decomposed = "cafe\u0301", composed = "caf\u00E9";
  Ids nfc = {'c', 'a', 'f', 0xC3, 0xA9};
  json root = smallTokenizerJson();
  Tokenizer withNfc = load(root);
  EXPECT_EQ(withNfc.encode(decomposed), nfc);
  EXPECT_EQ(withNfc.encode(composed), nfc);

  root["normalizer"] = nullptr;
  Tokenizer without = load(root);
  EXPECT_EQ(without.encode(decomposed), (Ids{'c', 'a', 'f', 'e', 0xCC, 0x81}));
  EXPECT_EQ(without.encode(composed), nfc);

  root["normalizer"] = {{"type", "Sequence"},
                        {"normalizers", {{{"type", "NFC"}}}}};
  EXPECT_EQ(load(root).encode(decomposed), nfc);
}

TEST_F(TokenizerFiles, MatchesNormalizedAddedTokensInNormalForm) {
  json root = smallTokenizerJson();
  root["added_tokens"].push_back(
      addedToken("cafe\u0301", small::NEXT, false, /*normalized=*/true));
  Tokenizer normalized = load(root);
  EXPECT_EQ(normalized.encode("cafe\u0301!"), (Ids{small::NEXT, '!'}));
  EXPECT_EQ(normalized.encode("caf\u00E9!"), (Ids{small::NEXT, '!'}));

  // A token that is not normalized is found in the text as written.
  root["added_tokens"].back()["normalized"] = false;
  Tokenizer raw = load(root);
  EXPECT_EQ(raw.encode("cafe\u0301!"), (Ids{small::NEXT, '!'}));
  EXPECT_EQ(raw.encode("caf\u00E9!"), (Ids{'c', 'a', 'f', 0xC3, 0xA9, '!'}));
}

TEST_F(TokenizerFiles, IgnoreMergesTakesAWordOfTheVocabularyWhole) {
  json root = smallTokenizerJson();
  root["model"]["vocab"]["hel"] = small::NEXT;
  EXPECT_EQ(load(root).encode("hel"), (Ids{small::HE, 'l'}));
  root["model"]["ignore_merges"] = true;
  Tokenizer ignoring = load(root);
  EXPECT_EQ(ignoring.encode("hel"), (Ids{small::NEXT}));
  EXPECT_EQ(ignoring.encode("hello"), (Ids{small::HELLO}));
  // The word is " hel" here, which is no token.
  EXPECT_EQ(ignoring.encode(" hel"), (Ids{' ', small::HE, 'l'}));
  // Only words of the model's vocabulary: "zz" is an added token, which
  // does not match in "zz_", where it is not a word of its own.
  root["added_tokens"].push_back(addedToken("zz", small::NEXT + 1));
  root["added_tokens"].back()["single_word"] = true;
  Tokenizer added = load(root);
  EXPECT_EQ(added.encode("zz"), (Ids{small::NEXT + 1}));
  EXPECT_EQ(added.encode("zz_"), (Ids{'z', 'z', '_'}));
}

TEST_F(TokenizerFiles, ByteLevelSplitsAsGpt2WhenAskedTo) {
  // A merge across the space shows where words end.
  json root = smallTokenizerJson();
  root["model"]["vocab"]["o\u0120"] = small::NEXT;
  root["model"]["merges"].insert(root["model"]["merges"].begin(),
                                 json{"o", "\u0120"});
  root["pre_tokenizer"] = root["decoder"];
  Tokenizer oneWord = load(root);
  EXPECT_EQ(oneWord.encode("so world"),
            (Ids{'s', small::NEXT, 'w', small::OR, small::LD}));
  EXPECT_EQ(oneWord.encode("hello world"),
            (Ids{small::HELL, small::NEXT, 'w', small::OR, small::LD}));
  root["pre_tokenizer"]["use_regex"] = true;
  Tokenizer words = load(root);
  EXPECT_EQ(words.encode("so world"), (Ids{'s', 'o', small::SPACE_WORLD}));
  EXPECT_EQ(words.encode("hello world"),
            (Ids{small::HELLO, small::SPACE_WORLD}));
  // It is on unless the file says otherwise.
  root["pre_tokenizer"].erase("use_regex");
  EXPECT_EQ(load(root).encode("so world"), (Ids{'s', 'o', small::SPACE_WORLD}));
}

TEST_F(TokenizerFiles, ReadsTheMatchingFlagsOfAddedTokens) {
  json root = smallTokenizerJson();
  json &added = root["added_tokens"];
  added.push_back(addedToken("[w]", small::NEXT));
  added.back()["single_word"] = true;
  added.push_back(addedToken("<l>", small::NEXT + 1));
  added.back()["lstrip"] = true;
  added.push_back(addedToken("<r>", small::NEXT + 2));
  added.back()["rstrip"] = true;
  Tokenizer tokenizer = load(root);
  EXPECT_EQ(tokenizer.encode("a [w] b"),
            (Ids{'a', ' ', small::NEXT, ' ', 'b'}));
  EXPECT_EQ(tokenizer.encode("_[w]_"), (Ids{'_', '[', 'w', ']', '_'}));
  EXPECT_EQ(tokenizer.encode("a  <l>b"), (Ids{'a', small::NEXT + 1, 'b'}));
  EXPECT_EQ(tokenizer.encode("<r>  b"), (Ids{small::NEXT + 2, 'b'}));
}

// Hugging Face's tokenizers refuse an added token without all its flags;
// ours are those of their AddedToken's defaults: normalized, not special.
TEST_F(TokenizerFiles, AddedTokenFlagsDefaultAsHuggingFacesAddedToken) {
  json root = smallTokenizerJson();
  root["added_tokens"].push_back(
      {{"id", small::NEXT}, {"content", "cafe\u0301"}});
  Tokenizer tokenizer = load(root);
  EXPECT_EQ(tokenizer.encode("caf\u00E9!"), (Ids{small::NEXT, '!'}));
  EXPECT_FALSE(tokenizer.isSpecial(small::NEXT));
  EXPECT_EQ(tokenizer.encode("cafe\u0301", false), (Ids{small::NEXT}));
  // So are flags written null.
  json &token = root["added_tokens"].back();
  for (const char *flag :
       {"single_word", "lstrip", "rstrip", "normalized", "special"})
    token[flag] = nullptr;
  root["model"]["ignore_merges"] = nullptr;
  Tokenizer nulls = load(root);
  EXPECT_EQ(nulls.encode("caf\u00E9!"), (Ids{small::NEXT, '!'}));
  EXPECT_FALSE(nulls.isSpecial(small::NEXT));
}

TEST_F(TokenizerFiles, AddedTokensOutsideTheByteLevelAlphabetDecodeAsWritten) {
  json root = smallTokenizerJson();
  root["added_tokens"].push_back(addedToken("my token", small::NEXT));
  Tokenizer tokenizer = load(root);
  EXPECT_EQ(tokenizer.encode("a my token"), (Ids{'a', ' ', small::NEXT}));
  EXPECT_EQ(tokenizer.tokenBytes(small::NEXT), "my token");
  EXPECT_EQ(tokenizer.decode(Ids{'a', small::NEXT}), "amy token");
}

TEST_F(TokenizerFiles, IdsNoTokenUsesAreNotTokens) {
  // "hello" is an added token too, with its id in the vocabulary; the
  // other added tokens start one id later, leaving small::END_OF_TEXT free.
  json root = smallTokenizerJson();
  for (json &token : root["added_tokens"])
    token["id"] = token["id"].get<int32_t>() + 1;
  root["added_tokens"].push_back(addedToken("hello", small::HELLO));
  Tokenizer tokenizer = load(root);
  EXPECT_EQ(tokenizer.vocabSize(), small::NEXT + 1);
  EXPECT_FALSE(tokenizer.hasToken(small::END_OF_TEXT));
  EXPECT_TRUE(tokenizer.hasToken(small::END_OF_TEXT + 1));
  EXPECT_THROW(tokenizer.tokenText(small::END_OF_TEXT), TokenizerError);
  EXPECT_THROW(tokenizer.decode(Ids{small::END_OF_TEXT}), TokenizerError);
  EXPECT_EQ(tokenizer.encode("hello"), (Ids{small::HELLO}));
}

//===----------------------------------------------------------------------===//
// Files that are missing or malformed
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, ReportsAMissingDirectory) {
  EXPECT_TRUE(mentions(errorOf([&] { Tokenizer::load(dir / "nowhere"); }),
                       "nowhere: not a directory"));
}

TEST_F(TokenizerFiles, ReportsAMissingFile) {
  std::string message = loadError();
  EXPECT_TRUE(mentions(message, "tokenizer.json: cannot open the file"));
  write(smallTokenizerJson(), nullptr);
  EXPECT_TRUE(
      mentions(loadError(), "tokenizer_config.json: cannot open the file"));
}

TEST_F(TokenizerFiles, ReportsMalformedJson) {
  writeFile(dir / "tokenizer.json", "{\"model\": {\"type\": \"BPE\", ");
  std::string message = loadError();
  EXPECT_TRUE(mentions(message, "tokenizer.json: malformed JSON"));
  // A number past a double's range (found by fuzzing).
  writeFile(dir / "tokenizer.json", R"({"version": 1e999})");
  EXPECT_TRUE(mentions(loadError(), "malformed JSON"));
  // Comments are not JSON.
  writeFile(dir / "tokenizer.json", "{\"model\": {} /* BPE */}");
  EXPECT_TRUE(mentions(loadError(), "malformed JSON"));
}

TEST_F(TokenizerFiles, ReportsAMalformedConfig) {
  write(smallTokenizerJson());
  writeFile(dir / "tokenizer_config.json", "[1, 2");
  EXPECT_TRUE(mentions(loadError(), "tokenizer_config.json: malformed JSON"));
  writeFile(dir / "tokenizer_config.json", "[1, 2]");
  EXPECT_TRUE(mentions(
      loadError(), "tokenizer_config.json: the top level is not an object"));
}

TEST_F(TokenizerFiles, ReportsATopLevelThatIsNotAnObject) {
  EXPECT_TRUE(mentions(loadError(json::array()),
                       "tokenizer.json: the top level is not an object"));
}

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, ReportsAMissingModel) {
  json root = smallTokenizerJson();
  root.erase("model");
  EXPECT_TRUE(mentions(loadError(root), "file has no \"model\""));
  root["model"] = "BPE";
  EXPECT_TRUE(mentions(loadError(root), "file.model has the wrong type"));
}

TEST_F(TokenizerFiles, ReportsAnUnknownModelType) {
  json root = smallTokenizerJson();
  root["model"]["type"] = "WordPiece";
  EXPECT_TRUE(mentions(loadError(root),
                       "unknown model type \"WordPiece\" (only BPE is "
                       "supported)"));
  root["model"].erase("type");
  EXPECT_TRUE(mentions(loadError(root), "model has no \"type\""));
}

TEST_F(TokenizerFiles, ReportsModelOptionsItDoesNotImplement) {
  json root = smallTokenizerJson();
  root["model"]["dropout"] = 0.1;
  EXPECT_TRUE(mentions(loadError(root), "model.dropout is not supported"));
  // No dropout at all is fine.
  root["model"]["dropout"] = 0.0;
  EXPECT_NO_THROW(load(root));
  root = smallTokenizerJson();
  root["model"]["continuing_subword_prefix"] = "##";
  EXPECT_TRUE(mentions(loadError(root),
                       "model.continuing_subword_prefix is not supported"));
  root = smallTokenizerJson();
  root["model"]["end_of_word_suffix"] = "</w>";
  EXPECT_TRUE(
      mentions(loadError(root), "model.end_of_word_suffix is not supported"));
  root = smallTokenizerJson();
  root["model"]["ignore_merges"] = "yes";
  EXPECT_TRUE(
      mentions(loadError(root), "model.ignore_merges is not a boolean"));
}

TEST_F(TokenizerFiles, ReportsAVocabularyOfTheWrongShape) {
  json root = smallTokenizerJson();
  root["model"]["vocab"] = json::array();
  EXPECT_TRUE(mentions(loadError(root), "model.vocab has the wrong type"));
  root = smallTokenizerJson();
  root["model"]["vocab"]["x"] = "7";
  EXPECT_TRUE(
      mentions(loadError(root), "model.vocab[\"x\"] is not an integer"));
  root["model"]["vocab"]["x"] = 7.5;
  EXPECT_TRUE(
      mentions(loadError(root), "model.vocab[\"x\"] is not an integer"));
}

// Ids index dense tables: an id far past the tokens the file defines sized
// them to tens of GiB (found by fuzzing).
TEST_F(TokenizerFiles, ReportsAnIdPastTheTokensOfTheFile) {
  std::string message =
      loadError(json::parse(R"({"model": {"type": "BPE", "merges": [],
                                "vocab": {"a": 0, "b": 2147483647}}})"));
  EXPECT_TRUE(mentions(message, "model.vocab: id 2147483647 of \"b\" is out "
                                "of range (the file defines 2 tokens)"));
  json root = smallTokenizerJson();
  root["model"]["vocab"]["x"] = -1;
  EXPECT_TRUE(mentions(loadError(root), "id -1 of \"x\" is out of range"));
}

TEST_F(TokenizerFiles, ReportsAByteWithoutAToken) {
  json root = smallTokenizerJson();
  root["model"]["vocab"].erase("\u0120");
  EXPECT_TRUE(mentions(loadError(root),
                       "model.vocab has no token for byte 32 (a byte-level "
                       "vocabulary needs all 256)"));
}

TEST_F(TokenizerFiles, ReportsMalformedMerges) {
  json root = smallTokenizerJson();
  root["model"]["merges"] = json::object();
  EXPECT_TRUE(mentions(loadError(root), "model.merges has the wrong type"));
  root["model"]["merges"] = {"h e", "he"};
  EXPECT_TRUE(mentions(loadError(root), "model.merges[1] is not two tokens "
                                        "separated by a space"));
  for (const json &merge : {json::array({"h"}), json::array({"h", "e", "l"}),
                            json::array({"h", 1}), json(7)}) {
    root["model"]["merges"] = json::array({merge});
    EXPECT_TRUE(mentions(loadError(root), "model.merges[0] is neither \"a b\" "
                                          "nor [\"a\", \"b\"]"))
        << merge;
  }
}

TEST_F(TokenizerFiles, ReportsMergesOfTokensNotInTheVocabulary) {
  json root = smallTokenizerJson();
  root["model"]["merges"].push_back({"x", "yz"});
  EXPECT_TRUE(mentions(loadError(root), "model.merges[9] uses \"yz\", which "
                                        "is not in model.vocab"));
  // The merged token must be in the vocabulary too.
  root["model"]["merges"].back() = {"x", "y"};
  EXPECT_TRUE(mentions(loadError(root), "model.merges[9] uses \"xy\""));
}

//===----------------------------------------------------------------------===//
// The added tokens
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, ReportsMalformedAddedTokens) {
  json root = smallTokenizerJson();
  json tokens = root["added_tokens"];
  root["added_tokens"] = json::object();
  EXPECT_TRUE(mentions(loadError(root), "added_tokens is not an array"));
  // Null is none at all, which leaves <|endoftext|> out.
  root["added_tokens"] = nullptr;
  EXPECT_TRUE(mentions(loadError(root), "the end-of-text token "
                                        "\"<|endoftext|>\" is not a token"));
  root["added_tokens"] = tokens;
  root["added_tokens"].push_back("<x>");
  EXPECT_TRUE(mentions(loadError(root), "added_tokens[5] is not an object"));
  root["added_tokens"].back() = addedToken("", small::NEXT);
  EXPECT_TRUE(mentions(loadError(root),
                       "added_tokens[5].content is empty or not UTF-8"));
  // Content that is not UTF-8 never gets that far: the JSON reader refuses
  // it.
  root["added_tokens"].back() = addedToken("@", small::NEXT);
  std::string text = root.dump();
  text.replace(text.find("\"@\""), 3, "\"\xC3(\"");
  writeFile(dir / "tokenizer.json", text);
  EXPECT_TRUE(mentions(loadError(), "tokenizer.json: malformed JSON"));
  root["added_tokens"].back() = addedToken("<x>", small::NEXT);
  root["added_tokens"].back().erase("id");
  EXPECT_TRUE(mentions(loadError(root), "added_tokens[5] has no \"id\""));
  root["added_tokens"].back()["id"] = "270";
  EXPECT_TRUE(
      mentions(loadError(root), "added_tokens[5].id has the wrong type"));
  // The file defines 271 tokens: ids 0 to 270.
  root["added_tokens"].back()["id"] = small::NEXT + 1;
  EXPECT_TRUE(mentions(loadError(root), "added_tokens[5]: id 271 of \"<x>\" is "
                                        "out of range (the file defines 271 "
                                        "tokens)"));
  root["added_tokens"].back()["id"] = small::NEXT;
  root["added_tokens"].back()["lstrip"] = 1;
  EXPECT_TRUE(
      mentions(loadError(root), "added_tokens[5].lstrip is not a boolean"));
}

TEST_F(TokenizerFiles, ReportsAMissingRoleToken) {
  for (std::string content :
       {"<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>"}) {
    json root = smallTokenizerJson();
    for (json &token : root["added_tokens"])
      if (token["content"] == content)
        token["content"] = "<other>";
    EXPECT_TRUE(mentions(loadError(root), "tokenizer.json: ")) << content;
    EXPECT_TRUE(
        mentions(loadError(root),
                 "\"" + content + "\" is not a token of tokenizer.json"))
        << content;
  }
}

//===----------------------------------------------------------------------===//
// The normalizer, the pre-tokenizer, the decoder and the post-processor
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, ReportsAnUnsupportedNormalizer) {
  json root = smallTokenizerJson();
  root["normalizer"] = {{"type", "NFKC"}};
  EXPECT_TRUE(mentions(loadError(root), "normalizer: normalizer \"NFKC\" is "
                                        "not supported (only NFC)"));
  root["normalizer"] = {
      {"type", "Sequence"},
      {"normalizers", {{{"type", "NFC"}}, {{"type", "Lowercase"}}}}};
  EXPECT_TRUE(mentions(loadError(root), "normalizer.normalizers[1]: normalizer "
                                        "\"Lowercase\" is not supported"));
  root["normalizer"] = "NFC";
  EXPECT_TRUE(mentions(loadError(root), "normalizer is not an object"));
}

TEST_F(TokenizerFiles, ReportsAPreTokenizerThatDoesNotEndWithByteLevel) {
  json root = smallTokenizerJson();
  root.erase("pre_tokenizer");
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer does not end with "
                                        "ByteLevel, which the byte-level BPE "
                                        "needs"));
  root = smallTokenizerJson();
  root["pre_tokenizer"]["pretokenizers"].erase(1);
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer does not end with "
                                        "ByteLevel"));
  root = smallTokenizerJson();
  json split = root["pre_tokenizer"]["pretokenizers"][0];
  root["pre_tokenizer"]["pretokenizers"].push_back(split);
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer: pre-tokenizers after "
                                        "ByteLevel are not supported"));
}

TEST_F(TokenizerFiles, ReportsSplitsItDoesNotImplement) {
  json root = smallTokenizerJson();
  json &split = root["pre_tokenizer"]["pretokenizers"][0];
  split["behavior"] = "Removed";
  EXPECT_TRUE(mentions(loadError(root),
                       "pre_tokenizer.pretokenizers[0]: Split behavior "
                       "\"Removed\" is not supported (only Isolated)"));
  split["behavior"] = "Isolated";
  split["invert"] = true;
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer.pretokenizers[0]: "
                                        "inverted Split is not supported"));
  split["invert"] = false;
  split["pattern"] = {{"Regex", "(ab"}};
  EXPECT_TRUE(mentions(loadError(root),
                       "pre_tokenizer.pretokenizers[0]: invalid pre-tokenizer "
                       "regex at offset 3"));
  // The file is named once.
  std::string file = (dir / "tokenizer.json").string();
  split["pattern"] = {{"Regex", 7}};
  EXPECT_EQ(loadError(root), file + ": pre_tokenizer.pretokenizers[0].pattern."
                                    "Regex has the wrong type (number)");
  split["pattern"] = json::object();
  EXPECT_EQ(loadError(root), file + ": pre_tokenizer.pretokenizers[0].pattern "
                                    "has no \"String\"");
}

TEST_F(TokenizerFiles, SplitsOnAStringPattern) {
  json root = smallTokenizerJson();
  root["pre_tokenizer"]["pretokenizers"][0]["pattern"] = {{"String", "o"}};
  // "hello" loses its "o", " world" its "o" and so its merges.
  EXPECT_EQ(load(root).encode("hello world"),
            (Ids{small::HELL, 'o', small::SPACE_W, 'o', 'r', small::LD}));
}

TEST_F(TokenizerFiles, SplitsWithEachPreTokenizerInTurn) {
  json root = smallTokenizerJson();
  json &steps = root["pre_tokenizer"]["pretokenizers"];
  steps.insert(steps.begin() + 1, json{{"type", "Split"},
                                       {"pattern", {{"String", "l"}}},
                                       {"behavior", "Isolated"},
                                       {"invert", false}});
  // "hello", " world", then each cut at its "l"s.
  EXPECT_EQ(load(root).encode("hello world"),
            (Ids{small::HE, 'l', 'l', 'o', small::SPACE_WOR, 'l', 'd'}));
}

TEST_F(TokenizerFiles, ReportsOtherPreTokenizers) {
  json root = smallTokenizerJson();
  root["pre_tokenizer"]["pretokenizers"][0] = {{"type", "Whitespace"}};
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer.pretokenizers[0]: "
                                        "pre-tokenizer \"Whitespace\" is not "
                                        "supported"));
  root["pre_tokenizer"]["pretokenizers"][0] = {{"type", "ByteLevel"},
                                               {"add_prefix_space", true}};
  EXPECT_TRUE(mentions(loadError(root), "pre_tokenizer.pretokenizers[0]: "
                                        "ByteLevel add_prefix_space is not "
                                        "supported"));
}

TEST_F(TokenizerFiles, ReportsAnUnsupportedDecoderOrPostProcessor) {
  json root = smallTokenizerJson();
  root["decoder"] = {{"type", "Metaspace"}};
  EXPECT_TRUE(mentions(loadError(root), "decoder \"Metaspace\" is not "
                                        "supported (only ByteLevel)"));
  root = smallTokenizerJson();
  root["post_processor"] = {{"type", "TemplateProcessing"}};
  EXPECT_TRUE(mentions(loadError(root), "post_processor \"TemplateProcessing\" "
                                        "is not supported (only ByteLevel)"));
  // Neither is needed.
  root = smallTokenizerJson();
  root["decoder"] = nullptr;
  root.erase("post_processor");
  EXPECT_EQ(load(root).encode("hello"), (Ids{small::HELLO}));
}

//===----------------------------------------------------------------------===//
// tokenizer_config.json
//===----------------------------------------------------------------------===//

TEST_F(TokenizerFiles, ReportsConfigTokensItCannotFind) {
  json config = smallTokenizerConfig();
  config.erase("eos_token");
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "tokenizer_config.json: eos_token is missing"));
  config["eos_token"] = "<|nothing|>";
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "tokenizer_config.json: eos_token \"<|nothing|>\" is "
                       "not a token of tokenizer.json"));
  config["eos_token"] = 7;
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "eos_token is neither a string nor a token object"));
  config["eos_token"] = json::object();
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "eos_token has no \"content\""));
  config = smallTokenizerConfig();
  config["pad_token"] = "<pad>";
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "pad_token \"<pad>\" is not a token"));
  config = smallTokenizerConfig();
  config["bos_token"] = "<s>";
  EXPECT_TRUE(mentions(loadError(smallTokenizerJson(), config),
                       "bos_token \"<s>\" is not a token"));
}

} // namespace
} // namespace qwen3::test
