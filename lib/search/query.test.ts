import { MAX_SEARCH_WORDS, MAX_WORD_LENGTH, normalizeSearchTerm, searchWords } from "@/lib/search/query";

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
