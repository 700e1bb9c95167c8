import { paginationWindow, parseListingParams, parseVideoUrl, productListQuerySchema, slugify, truncateMeta } from "@/lib/catalog/schemas";
import { normalizeSearch } from "@/lib/search/words.mjs";

describe("slugify (spec §5)", () => {
  it("lowercases, turns spaces into hyphens and drops other characters", () => {
    expect(slugify("Black Walnut Salad Bowl")).toBe("black-walnut-salad-bowl");
    expect(slugify("Dowel Jig for 6/8/10 mm")).toBe("dowel-jig-for-6810-mm");
    expect(slugify("  Maple & Cherry   Board!  ")).toBe("maple-cherry-board");
    expect(slugify("Épure")).toBe("pure");
  });
});

describe("paginationWindow", () => {
  it("shows at most five buttons centred on the current page", () => {
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(paginationWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});

describe("listing URL state", () => {
  it("falls back to defaults for bad values", () => {
    expect(parseListingParams({ search: "  walnut   bowl ", sort: "price-low", page: "3" })).toEqual({ search: "walnut bowl", sort: "price-low", page: 3 });
    expect(parseListingParams({ sort: "cheapest", page: "-2" })).toEqual({ search: "", sort: undefined, page: 1 });
    expect(parseListingParams({ page: "2.5" }).page).toBe(1);
    expect(normalizeSearch("   ")).toBe("");
  });
});

describe("GET /api/products query", () => {
  it("accepts the spec's parameters with defaults", () => {
    expect(productListQuerySchema.parse({})).toMatchObject({ limit: 12, offset: 0 });
    expect(productListQuerySchema.parse({ featured: "true", limit: "8" })).toMatchObject({ featured: true, limit: 8 });
  });

  it.each([{ offset: "-1" }, { limit: "101" }, { limit: "abc" }, { limit: "0" }, { sort: "cheapest" }, { featured: "yes" }])("rejects %o", (query) => {
    expect(productListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe("truncateMeta", () => {
  it("keeps short text and cuts long text to 160 characters on a word", () => {
    expect(truncateMeta("A short line.")).toBe("A short line.");
    const long = "Hand-turned from storm-felled black walnut ".repeat(10);
    const cut = truncateMeta(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
  });
});

describe("parseVideoUrl", () => {
  it("derives embed and thumbnail URLs for YouTube and Vimeo only", () => {
    expect(parseVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toMatchObject({
      provider: "youtube",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    expect(parseVideoUrl("https://youtu.be/dQw4w9WgXcQ")?.id).toBe("dQw4w9WgXcQ");
    expect(parseVideoUrl("https://vimeo.com/76979871")).toMatchObject({ provider: "vimeo", embedUrl: "https://player.vimeo.com/video/76979871" });
    expect(parseVideoUrl("https://example.com/video.mp4")).toBeNull();
    expect(parseVideoUrl("not a url")).toBeNull();
  });
});
