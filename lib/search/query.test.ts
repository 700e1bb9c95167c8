import { buildTsQuery, MAX_SEARCH_WORDS, MAX_WORD_LENGTH, normalizeSearchTerm, searchWords } from "@/lib/search/query";

describe("search terms", () => {
  it("keep lowercased letters and digits only, so tsquery and LIKE syntax cannot get through", () => {
    expect(searchWords("  Track SAW   square ")).toEqual(["track", "saw", "square"]);
    expect(searchWords("walnut & !bowl | (maple:*) 'x' % _ \\")).toEqual(["walnut", "bowl", "maple", "x"]);
    expect(searchWords("Dowel jig 6-8 mm")).toEqual(["dowel", "jig", "6", "8", "mm"]);
    expect(searchWords("%")).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords("Érable Ｗａｌｎｕｔ")).toEqual(["érable", "walnut"]);
  });

  it("are bounded in words and word length", () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("x".repeat(500))[0]).toHaveLength(MAX_WORD_LENGTH);
  });

  it("normalise to one cache key per meaning", () => {
    expect(normalizeSearchTerm("Walnut  BOWLS!")).toBe("walnut bowls");
    expect(normalizeSearchTerm("walnut bowls")).toBe("walnut bowls");
    expect(normalizeSearchTerm(" ?? ")).toBe("");
  });
});

describe("buildTsQuery", () => {
  it("ANDs the words", () => {
    expect(buildTsQuery(["track", "saw", "square"])).toBe("track & saw & square");
  });

  it("ORs a word's alternatives (typo corrections)", () => {
    expect(buildTsQuery([["walnot", "walnut"], "bowl"])).toBe("(walnot | walnut) & bowl");
    expect(buildTsQuery([["bowl", "bowl"]])).toBe("bowl");
  });

  it("makes the last word a prefix for search as you type", () => {
    expect(buildTsQuery(["walnut", "bo"], { prefixLast: true })).toBe("walnut & bo:*");
    expect(buildTsQuery([["walnot", "walnut"]], { prefixLast: true })).toBe("(walnot:* | walnut:*)");
  });

  it("joins the words in order for a phrase", () => {
    expect(buildTsQuery(["track", "saw", "square"], { phrase: true })).toBe("track <-> saw <-> square");
    expect(buildTsQuery([["walnot", "walnut"], "bo"], { phrase: true, prefixLast: true })).toBe("(walnot | walnut) <-> bo:*");
  });

  it("drops anything that is not a letter or digit", () => {
    expect(buildTsQuery(["wal'nut", "&", "bo:*"])).toBe("walnut & bo");
    expect(buildTsQuery([])).toBe("");
  });
});
