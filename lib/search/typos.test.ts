import { allowedSlips, buildVocabulary, corrections, correctWord, deletions, isCatalogueWord, slips, vocabularyWords } from "@/lib/search/typos";

const vocabulary = buildVocabulary(["centre", "bedside", "drill", "bowl", "tray", "walnut", "maple", "cherry", "featherboard", "dowelling", "oak", "jig", "stool", "spool", "tool"]);

describe("slips: optimal string alignment distance", () => {
  it("counts a wrong, missing, extra letter and two swapped neighbours as one slip each", () => {
    expect(slips("drill", "droll")).toBe(1); // wrong
    expect(slips("drill", "dril")).toBe(1); // missing
    expect(slips("drill", "drilll")).toBe(1); // extra
    expect(slips("centre", "cetnre")).toBe(1); // swapped
    expect(slips("centre", "centre")).toBe(0);
    expect(slips("centre", "cnetre")).toBe(1);
    expect(slips("walnut", "wlanut")).toBe(1);
    expect(slips("featherboard", "faethrboard")).toBe(2);
    expect(slips("ca", "abc")).toBe(3); // OSA: no edit of a transposed pair
  });

  it("stops counting past the limit it is given", () => {
    expect(slips("walnut", "cherry", 2)).toBe(3);
    expect(slips("oak", "featherboard", 1)).toBe(2);
  });
});

describe("which catalogue word a slip means", () => {
  it("one slip of each kind, in short (4–5 letters) and longer words", () => {
    const cases: Array<[string, string]> = [
      ["trey", "tray"], // wrong, 4 letters
      ["tay", "tray"], // missing, 4 letters
      ["trayy", "tray"], // extra, 4 letters
      ["tary", "tray"], // swapped, 4 letters
      ["bowk", "bowl"],
      ["droll", "drill"], // wrong, 5 letters
      ["dril", "drill"],
      ["drilll", "drill"],
      ["dirll", "drill"],
      ["cetnre", "centre"], // swapped, 6 letters
      ["centr", "centre"],
      ["wlanut", "walnut"],
      ["besdide", "bedside"], // swapped, 7 letters
      ["bedsde", "bedside"],
      ["bedsidde", "bedside"],
      ["bedsife", "bedside"],
    ];
    expect(cases.map(([typed]) => [typed, correctWord(vocabulary, typed)])).toEqual(cases);
  });

  it("two slips only in words of 8 letters or more", () => {
    expect(correctWord(vocabulary, "faethrboard")).toBe("featherboard");
    expect(correctWord(vocabulary, "doweling")).toBe("dowelling");
    expect(correctWord(vocabulary, "dowelnig")).toBe("dowelling");
    expect(allowedSlips("bedside")).toBe(1);
    expect(allowedSlips("dowelling")).toBe(2);
    // Two slips from a 5-letter word (a swap and a wrong letter): not that word (nor trigram-similar enough).
    expect(slips("dorll", "drill")).toBe(2);
    expect(correctWord(buildVocabulary(["drill"]), "dorll")).toBeNull();
  });

  it("never corrects a word to itself, and leaves words of three letters to the trigram rule", () => {
    expect(correctWord(vocabulary, "walnut")).toBeNull();
    expect(allowedSlips("oak")).toBe(0);
    expect(correctWord(buildVocabulary(["oak"]), "oat")).toBeNull();
    expect(isCatalogueWord(vocabulary, "oak")).toBe(true);
    expect(isCatalogueWord(vocabulary, "oaks")).toBe(false);
  });

  it("the fewest slips win; among equals the most similar word, then the alphabetically first", () => {
    expect(correctWord(vocabulary, "stoll")).toBe("stool"); // one slip from stool, two from spool or tool
    expect(correctWord(buildVocabulary(["spool", "stool"]), "sool")).toBe("spool"); // one from each, equally similar: alphabetical
    expect(correctWord(buildVocabulary(["bowl", "bowls"]), "bowel")).toBe("bowl"); // one slip from both: "bowl" is more similar
  });

  it("searches for every word equally close (up to three), the one offered first", () => {
    const words = buildVocabulary(["track", "tray", "vase", "base", "case", "wall"]);
    expect(corrections(words, "trak")).toEqual(["tray", "track"]); // "tray" shares more of its trigrams
    expect(corrections(words, "rase")).toEqual(["base", "case", "vase"]);
    expect(corrections(words, "wakl")).toEqual(["wall"]);
    expect(corrections(words, "zebrawood")).toEqual([]);
  });

  it("falls back to trigram similarity for a longer garble", () => {
    expect(correctWord(buildVocabulary(["walnut", "cherry"]), "walnuut")).toBe("walnut");
    expect(correctWord(buildVocabulary(["walnut", "cherry"]), "zebrawood")).toBeNull();
  });

  it("looks a word up by a bounded number of keys, however long", () => {
    expect(deletions("abcd", 1).size).toBe(5);
    expect(deletions("a".repeat(40), 2).size).toBe(3); // repeats collapse
    expect(deletions("abcdefghijklmnopqrstuvwxyzabcdefghijklmn", 2).size).toBeLessThanOrEqual(1 + 40 + 780);
  });
});

describe("the words typos are corrected to", () => {
  it("are the names' distinct runs of letters, lowercased, 3 to 40 letters long, in order", () => {
    expect(vocabularyWords(["Walnut Bowl, 3D-printed", "Dowel Jig for 6-8 mm", "walnut BOWL", `Érable ${"x".repeat(41)}`])).toEqual(["bowl", "dowel", "for", "jig", "printed", "walnut", "érable"]);
  });
});
