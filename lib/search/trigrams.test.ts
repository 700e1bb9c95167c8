import { closestWord, hasWord, indexWords, similarity, trigrams } from "@/lib/search/trigrams";

/** Expected values are PostgreSQL's pg_trgm similarity() for the same words (a 4-byte float). */
describe("trigram similarity like pg_trgm", () => {
  it("pads words as pg_trgm does and counts distinct trigrams", () => {
    expect(trigrams("oak").sort()).toEqual(["  o", " oa", "ak ", "oak"]);
    expect(trigrams("aaaa")).toEqual(["  a", " aa", "aaa", "aa "]);
  });

  it("gives pg_trgm's similarity", () => {
    expect(similarity("walnut", "walnot")).toBe(Math.fround(0.4));
    expect(similarity("cherry", "chery")).toBe(0.625);
    expect(similarity("stool", "stoool")).toBe(Math.fround(0.85714287));
    expect(similarity("bowl", "bowel")).toBe(0.375);
    expect(similarity("cedar", "cedr")).toBe(0.375);
    expect(similarity("oak", "oak")).toBe(1);
  });

  it("finds the closest other word at or above the threshold, ties going to the alphabetically first", () => {
    const index = indexWords(["walnut", "maple", "cherry", "bowl", "stool", "drawer", "shelf", "spoon", "cedar", "oak"]);
    expect(closestWord(index, "walnot", 0.35)).toBe("walnut");
    expect(closestWord(index, "drawr", 0.35)).toBe("drawer");
    expect(closestWord(index, "spon", 0.35)).toBe("spoon");
    expect(closestWord(index, "mapel", 0.35)).toBeNull();
    expect(closestWord(index, "oak", 0.35)).toBeNull();
    expect(closestWord(index, "zebrawood", 0.35)).toBeNull();
    expect(closestWord(indexWords(["abcx", "abcy"]), "abc", 0.3)).toBe("abcx");
    expect(hasWord(index, "oak")).toBe(true);
    expect(hasWord(index, "oaks")).toBe(false);
  });
});
