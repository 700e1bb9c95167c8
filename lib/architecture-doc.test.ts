import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * docs/ARCHITECTURE.md stays true: it names every top-level folder and every
 * cache layer (a module that keeps a cache, or a route Next caches), and no
 * document points outside the repository (a fresh clone has nothing there).
 */
const ROOT = path.resolve(__dirname, "..");
const doc = readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8");

/** Folders git ignores (.gitignore's "name/" lines) and git's own. */
function ignoredFolders(): Set<string> {
  const lines = readFileSync(path.join(ROOT, ".gitignore"), "utf8").split("\n");
  return new Set([
    ".git",
    ...lines
      .map((l) => l.trim())
      // `name/` ignores a folder; a bare `name` a folder (or a link to one) or a file of that name.
      .filter((l) => /^[\w.-]+\/?$/.test(l))
      .map((l) => l.replace(/\/$/, "")),
  ]);
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : files(full);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$|\.d\.mts$/.test(e.name) ? [path.relative(ROOT, full)] : [];
  });
}

/** Modules that keep a cache of their own, and routes Next caches (named by their folder up to the first dynamic segment). */
function cacheLayers(): string[] {
  const layers = new Set<string>();
  for (const file of ["app", "lib", "server"].flatMap((d) => files(path.join(ROOT, d)))) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    if (/new LRUCache\b|\bunstable_cache\(|["']use cache["']|\bcacheTag\(|\bcacheLife\(/.test(text) || file.startsWith(`server${path.sep}cache${path.sep}`)) layers.add(file);
    else if (/^export const revalidate\b/m.test(text)) {
      const parts = file.split(path.sep);
      const dynamic = parts.findIndex((p) => p.startsWith("["));
      layers.add(dynamic === -1 ? file : `${parts.slice(0, dynamic).join("/")}/`);
    }
  }
  return [...layers].map((l) => l.split(path.sep).join("/")).sort();
}

describe("docs/ARCHITECTURE.md", () => {
  it("names every top-level folder", () => {
    const ignored = ignoredFolders();
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !ignored.has(e.name))
      .map((e) => `${e.name}/`);
    expect(folders.filter((f) => !doc.includes(`\`${f}\``))).toEqual([]);
  });

  it("names every cache layer", () => {
    const layers = cacheLayers();
    expect(layers).toEqual(expect.arrayContaining(["lib/catalog/queries.ts", "lib/catalog/search-queries.ts", "server/cache/next-cache-handler.mjs", "app/(shop)/listing/"]));
    expect(layers.filter((l) => !doc.includes(l))).toEqual([]);
  });

  it("no document points outside the repository", () => {
    for (const file of ["README.md", "docs/ARCHITECTURE.md", "server/README.md"]) {
      expect({ file, outside: /\.\.\/shared|DESIGN\.md|SPEC\.md/.test(readFileSync(path.join(ROOT, file), "utf8")) }).toEqual({ file, outside: false });
    }
  });
});
