import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyCompileHints, COMPILE_HINT, entryChunks, MIN_HINTED_BYTES, storefrontChunks } from "@/lib/build/compile-hints";

/** A .next directory in miniature: the two manifests applyCompileHints reads, and the chunks they name. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "mm-compile-hints-"));
  const chunks = path.join(dist, "static", "chunks");
  mkdirSync(chunks, { recursive: true });
  const big = (name: string) => `/* ${name} */ (globalThis.TURBOPACK ||= []).push(() => {});` + " ".repeat(MIN_HINTED_BYTES);
  for (const name of ["runtime.js", "react-dom.js", "admin-page.js", "lazy-drawer.js", "admin-dialog.js", "unused.js"]) writeFileSync(path.join(chunks, name), big(name));
  // The shop page's chunk loads the drawer on demand (Turbopack's loader names its chunks), the admin page its dialog.
  writeFileSync(path.join(chunks, "shop-page.js"), big("shop-page.js") + 'e.l("static/chunks/lazy-drawer.js")');
  writeFileSync(path.join(chunks, "admin-page.js"), big("admin-page.js") + 'e.l("static/chunks/admin-dialog.js")');
  writeFileSync(path.join(chunks, "loader.js"), "/* a tiny loader */");
  writeFileSync(path.join(chunks, "app.css"), "body{}");
  writeFileSync(path.join(dist, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/runtime.js", "static/chunks/react-dom.js"], polyfillFiles: ["static/chunks/polyfills.js"] }));
  const manifest = (page: string, files: string[]) =>
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify({ clientModules: {}, entryCSSFiles: { [page]: [{ path: "static/chunks/app.css" }] }, entryJSFiles: { [page]: files } })};`;
  mkdirSync(path.join(dist, "server", "app", "(shop)", "shop"), { recursive: true });
  mkdirSync(path.join(dist, "server", "app", "admin", "(panel)", "orders"), { recursive: true });
  writeFileSync(path.join(dist, "server", "app", "(shop)", "shop", "page_client-reference-manifest.js"), manifest("/(shop)/shop/page", ["static/chunks/loader.js", "static/chunks/shop-page.js"]));
  writeFileSync(
    path.join(dist, "server", "app", "admin", "(panel)", "orders", "page_client-reference-manifest.js"),
    manifest("/admin/(panel)/orders/page", ["static/chunks/admin-page.js", "static/chunks/shop-page.js"]),
  );
  return dist;
}

const read = (dist: string, file: string) => readFileSync(path.join(dist, "static", "chunks", file), "utf8");

describe("compile hints", () => {
  let dist: string;
  beforeEach(() => (dist = fakeBuild()));
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  test("the first-load chunks are Next's runtime and every storefront page's entry chunks; nothing loaded later, nothing only the admin loads", () => {
    expect(entryChunks(dist)).toEqual(["static/chunks/loader.js", "static/chunks/react-dom.js", "static/chunks/runtime.js", "static/chunks/shop-page.js"]);
  });

  test("the storefront's chunks are those and every chunk they load on demand", () => {
    expect(storefrontChunks(dist)).toEqual([...entryChunks(dist), "static/chunks/lazy-drawer.js"].sort());
  });

  test("puts the hint on the first line of each storefront chunk, once, and leaves the rest as they were", () => {
    const before = read(dist, "shop-page.js");
    expect(applyCompileHints(dist).sort()).toEqual(["static/chunks/lazy-drawer.js", "static/chunks/react-dom.js", "static/chunks/runtime.js", "static/chunks/shop-page.js"]);
    expect(read(dist, "shop-page.js")).toBe(COMPILE_HINT + before);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    expect(read(dist, "lazy-drawer.js").startsWith(COMPILE_HINT)).toBe(true);
    // Only the admin loads them, nothing loads it, or too small to matter: untouched.
    expect(read(dist, "admin-page.js").startsWith("/* admin-page.js */")).toBe(true);
    expect(read(dist, "admin-dialog.js").startsWith("/* admin-dialog.js */")).toBe(true);
    expect(read(dist, "unused.js").startsWith("/* unused.js */")).toBe(true);
    expect(read(dist, "loader.js")).toBe("/* a tiny loader */");
    // A second run (a rebuild that reuses chunks) changes nothing.
    expect(applyCompileHints(dist)).toEqual([]);
    expect(read(dist, "shop-page.js")).toBe(COMPILE_HINT + before);
  });

  test("a chunk the manifests name but the build lacks is an error naming it", () => {
    rmSync(path.join(dist, "static", "chunks", "react-dom.js"));
    expect(() => applyCompileHints(dist)).toThrow(/static\/chunks\/react-dom\.js/);
  });
});
