import { cachedApiQuery, cachedApiTarget, isCachedApiPath, MAX_CACHED_QUERY_LENGTH } from "./cached-api.mjs";

function queryOf(target: string | null): Record<string, string> | null {
  if (!target) return null;
  const segment = target.split("/").pop();
  const params = cachedApiQuery(segment);
  return params ? Object.fromEntries(params) : null;
}

describe("cachedApiTarget (the front server's map to the cached API twins)", () => {
  it("maps a product list or suggest query to one segment carrying the same parameters", () => {
    const list = cachedApiTarget("/api/products?category=wood-bowls&limit=4&exclude=a-bowl");
    expect(list).toMatch(/^\/api\/cached\/products\/q[A-Za-z0-9_-]+$/);
    expect(queryOf(list)).toEqual({ category: "wood-bowls", limit: "4", exclude: "a-bowl" });
    expect(queryOf(cachedApiTarget("/api/products"))).toEqual({});
    expect(cachedApiTarget("/api/products")).toBe("/api/cached/products/q");
    const suggest = cachedApiTarget("/api/search/suggest?q=walnut%20b%C3%B6wl+tray");
    expect(suggest).toMatch(/^\/api\/cached\/suggest\//);
    expect(queryOf(suggest)).toEqual({ q: "walnut böwl tray" });
  });

  it("the same query in any order of its parameters is one cached answer", () => {
    expect(cachedApiTarget("/api/products?search=jig&limit=12&offset=12")).toBe(cachedApiTarget("/api/products?offset=12&limit=12&search=jig"));
    expect(cachedApiTarget("/api/products?search=jig")).not.toBe(cachedApiTarget("/api/products?search=jigs"));
  });

  it("leaves to the live route what it must judge itself: repeated, unknown or control-character parameters, long queries, other paths", () => {
    for (const target of [
      "/api/products?limit=2&limit=3",
      "/api/products?utm_source=mail",
      "/api/products?search=a%00b",
      "/api/products?search=a%0Ab",
      `/api/products?search=${"w".repeat(MAX_CACHED_QUERY_LENGTH)}`,
      "/api/search/suggest?q=wal&q=walnut",
      "/api/products/",
      "/api/products/walnut-bowl",
      "/api/categories",
      "/shop?search=walnut",
    ]) {
      expect({ target, mapped: cachedApiTarget(target) }).toEqual({ target, mapped: null });
    }
  });

  it("every segment it writes stays within a route segment's 200 characters", () => {
    const longest = cachedApiTarget(`/api/products?search=${"ä".repeat(200)}`);
    expect(longest).toBeNull();
    const term = "w".repeat(MAX_CACHED_QUERY_LENGTH - "search=".length);
    const target = cachedApiTarget(`/api/products?search=${term}`)!;
    expect(target.split("/").pop()!.length).toBeLessThanOrEqual(200);
    expect(queryOf(target)).toEqual({ search: term });
  });

  it("reads only segments it could have written", () => {
    expect(cachedApiQuery("not-marked")).toBeNull();
    expect(cachedApiQuery("q%2F..")).toBeNull();
    expect(cachedApiQuery(undefined)).toBeNull();
    expect(isCachedApiPath("/api/cached/products/q")).toBe(true);
    expect(isCachedApiPath("/api/cached")).toBe(true);
    expect(isCachedApiPath("/api/cached?x=1")).toBe(true);
    expect(isCachedApiPath("/api/cachedX")).toBe(false);
    expect(isCachedApiPath("/api/products")).toBe(false);
  });
});
