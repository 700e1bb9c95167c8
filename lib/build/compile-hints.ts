import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

/**
 * V8's explicit compile hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): a script
 * that opens with this comment has all its functions compiled eagerly, on a background thread
 * while it streams in, instead of lazily on the main thread the first time each one is called.
 * Other browsers read it as a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Chunks smaller than this (Next's few-hundred-byte loaders) are left alone: compiling them is
 * quick either way, and the hint would add ~22 bytes gzipped to each, against pages whose
 * first-load JavaScript sits at its 150 KB budget (tests/e2e/budget.spec.ts).
 */
export const MIN_HINTED_BYTES = 4096;

/**
 * The chunks a storefront page loads before any interaction: Next's runtime (build-manifest
 * rootMainFiles) and each storefront route's entry chunks (entryJSFiles of its client reference
 * manifest). Left lazily compiled: chunks loaded on demand (dynamic imports: the cart drawer, the
 * menus, toasts), the noModule polyfills, and the admin's routes (one person on a desktop, whose
 * chunks hold whole form and table libraries, much of which never runs on load; V8's advice is to
 * hint only code that does).
 */
export function entryChunks(distDir: string): string[] {
  const files = new Set<string>();
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  for (const file of buildManifest.rootMainFiles ?? []) files.add(file);
  for (const [page, manifest] of clientReferenceManifests(path.join(distDir, "server", "app"))) {
    if (page === "/admin" || page.startsWith("/admin/")) continue;
    for (const [entry, chunks] of Object.entries(manifest.entryJSFiles ?? {})) {
      if (/\/app\/admin(\/|$)/.test(entry)) continue;
      for (const file of chunks) files.add(file);
    }
  }
  return [...files].filter((file) => file.startsWith("static/") && file.endsWith(".js")).sort();
}

type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

function clientReferenceManifests(dir: string): Array<[page: string, manifest: ClientReferenceManifest]> {
  if (!existsSync(dir)) return [];
  const found: Array<[string, ClientReferenceManifest]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...clientReferenceManifests(full));
    else if (entry.name.endsWith("_client-reference-manifest.js")) found.push(...readManifest(full));
  }
  return found;
}

/** The manifest is a script assigning `globalThis.__RSC_MANIFEST[page] = {…}`: run it in an empty context. */
function readManifest(file: string): Array<[string, ClientReferenceManifest]> {
  const context: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  context.globalThis = context;
  vm.runInNewContext(readFileSync(file, "utf8"), context, { filename: file, timeout: 1000 });
  return Object.entries(context.__RSC_MANIFEST ?? {});
}

/**
 * The first-load chunks and every chunk they load on demand, followed through the chunk paths
 * their code names (Turbopack's loaders list a dynamic import's chunks as "static/chunks/….js"):
 * the storefront's code. A chunk loaded on demand runs as soon as it arrives (the checkout form
 * and its validation right after hydration, the cart drawer on a click), so it is hinted too:
 * on a throttled phone, compiling the checkout's on-demand chunks function by function was most
 * of its post-hydration blocking time. Only the admin's own chunks stay lazy.
 */
export function storefrontChunks(distDir: string): string[] {
  const found = new Set(entryChunks(distDir));
  const queue = [...found];
  while (queue.length) {
    const file = path.join(distDir, queue.shift()!);
    if (!existsSync(file)) continue;
    for (const [named] of readFileSync(file, "utf8").matchAll(/static\/chunks\/[\w.-]+\.js/g)) {
      if (found.has(named) || !existsSync(path.join(distDir, named))) continue;
      found.add(named);
      queue.push(named);
    }
  }
  return [...found].sort();
}

/** Puts the compile hint at the top of every storefront chunk of the build in `distDir` but the smallest (idempotent). Returns the chunks changed. */
export function applyCompileHints(distDir: string): string[] {
  const changed: string[] = [];
  const entries = new Set(entryChunks(distDir));
  for (const file of storefrontChunks(distDir)) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) {
      if (entries.has(file)) throw new Error(`compile hints: ${file} is named by the build manifests but missing from ${distDir}`);
      continue;
    }
    const code = readFileSync(full, "utf8");
    if (code.startsWith(COMPILE_HINT) || Buffer.byteLength(code) < MIN_HINTED_BYTES) continue;
    writeFileSync(full, COMPILE_HINT + code);
    changed.push(file);
  }
  return changed;
}
