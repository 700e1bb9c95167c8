import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The layers (docs/ARCHITECTURE.md): imports point down.
 *   app/ → components/ → lib/       the Next.js app; nothing in components/ or lib/ imports app/
 *   server/ → lib/                  the front server and cache handlers, loaded by Node outside the
 *                                   app's bundles; nothing in app/, components/ or lib/ imports server/
 * and no two domain folders of lib/ (or of server/) import each other, directly or round a loop.
 * Every import form counts: `@/…` aliases, relative paths, `import()` and `require()`, in .ts, .tsx,
 * .mjs and .js files alike.
 */
type Source = { file: string; text: string };
type Violation = string;

const ROOT = path.resolve(__dirname, "..");
const TIERS = ["app", "components", "lib", "server"] as const;
type Tier = (typeof TIERS)[number];
/** What each tier may import (besides itself). */
const MAY_IMPORT: Record<Tier, Tier[]> = { app: ["components", "lib"], components: ["lib"], lib: [], server: ["lib"] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.d\.mts$/.test(entry.name) ? [full] : [];
  });
}

/** The project-relative path an import specifier names, or null for a package. */
function resolveSpecifier(from: string, spec: string): string | null {
  if (spec.startsWith("@/")) return path.normalize(spec.slice(2));
  if (spec.startsWith("./") || spec.startsWith("../")) return path.normalize(path.join(path.dirname(from), spec));
  return null;
}

function importsOf(source: Source): string[] {
  const specs = [...source.text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]);
  return specs.map((spec) => resolveSpecifier(source.file, spec)).filter((p): p is string => p !== null);
}

const tierOf = (file: string): Tier | null => (TIERS as readonly string[]).includes(file.split(path.sep)[0]) ? (file.split(path.sep)[0] as Tier) : null;
/** lib/orders/refunds.ts → lib/orders; a file directly in lib/ (lib/db.ts) → lib/db. */
const folderOf = (file: string): string => {
  const parts = file.split(path.sep);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]}/${path.basename(parts[1], path.extname(parts[1])).replace(/\.d$/, "")}`;
};

/** Every import that points up a tier, and every loop between domain folders. */
export function layeringViolations(sources: Source[]): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, Map<string, string>>(); // folder → folder it imports → one file that does
  for (const source of sources) {
    const from = tierOf(source.file);
    if (!from) continue;
    for (const target of importsOf(source)) {
      const to = tierOf(target);
      if (!to) continue;
      if (to !== from && !MAY_IMPORT[from].includes(to)) violations.push(`${source.file} imports ${target} (${from}/ must not import ${to}/)`);
      if ((from === "lib" || from === "server") && to === from) {
        const a = folderOf(source.file);
        const b = folderOf(target);
        if (a !== b) {
          if (!graph.has(a)) graph.set(a, new Map());
          if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, source.file);
        }
      }
    }
  }
  for (const cycle of folderCycles(graph)) violations.push(`import loop between folders: ${cycle.join(" → ")}`);
  return violations;
}

/** Each strongly connected group of folders (Tarjan), as one loop through it with the file behind each step. */
function folderCycles(graph: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  // For each group, one loop through its first folder: the shortest way back (breadth first).
  return groups.map((group) => {
    const members = new Set(group);
    const start = group[0];
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const at = queue.shift()!;
      const next = [...(graph.get(at)?.keys() ?? [])].filter((w) => members.has(w));
      if (next.includes(start)) {
        const loop = [start];
        for (let v: string | undefined = at; v && v !== start; v = cameFrom.get(v)) loop.splice(1, 0, v);
        loop.push(start);
        return loop.map((v, i) => (i === 0 ? v : `${v} (${graph.get(loop[i - 1])!.get(v)})`));
      }
      for (const w of next) if (!cameFrom.has(w) && w !== start) cameFrom.set(w, at), queue.push(w);
    }
    return group;
  });
}

/** Server-only modules (the logger, the configuration, the database): no client component may import them. */
const SERVER_ONLY = ["lib/log.ts", "lib/env.ts", "lib/db.ts"];

export function clientImportsOfServerModules(sources: Source[]): Violation[] {
  return sources
    .filter((source) => /^\s*["']use client["']/.test(source.text))
    .flatMap((source) =>
      importsOf(source)
        .filter((target) => SERVER_ONLY.some((m) => target === m || `${target}.ts` === m))
        .map((target) => `${source.file} is a client component and imports ${target}`),
    );
}

const withoutComments = (text: string) => text.replace(/^\s*(\/\/|\*).*$/gm, "");
const CONFIGURATION = [path.join("lib", "env.ts"), path.join("lib", "env-shared.mjs")];

/** Files that read process.env themselves instead of through lib/env.ts (the app) or lib/env-shared.mjs (server/). */
export function environmentReaders(sources: Source[]): string[] {
  return sources.filter((s) => !CONFIGURATION.includes(s.file) && /\bprocess\.env\b/.test(withoutComments(s.text))).map((s) => s.file);
}

/** Server code that logs around lib/log.ts / lib/log-shared.mjs: console output, or a pino logger of its own. */
export function serverLogWriters(sources: Source[]): Violation[] {
  return sources.flatMap((s) => {
    if (s.file === path.join("lib", "log-shared.mjs")) return [];
    if (/^\s*["']use client["']/.test(s.text) || !["app", "lib", "server"].includes(s.file.split(path.sep)[0])) return [];
    const text = withoutComments(s.text);
    if (/^\s*import\s+(?!type\b)[^;]*from\s*["']pino["']/m.test(text)) return [`${s.file} creates its own pino logger`];
    if (/\bconsole\.(log|info|warn|error|debug)\b/.test(text)) return [`${s.file} writes to the console`];
    return [];
  });
}

function projectSources(): Source[] {
  return TIERS.flatMap((tier) => sourceFiles(path.join(ROOT, tier)))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, "utf8") }));
}

describe("layering", () => {
  it("the tree: no import points up a tier, and no domain folders import each other round a loop", () => {
    expect(layeringViolations(projectSources())).toEqual([]);
  });

  it("no client component imports the logger, the configuration or the database", () => {
    expect(clientImportsOfServerModules(projectSources())).toEqual([]);
    expect(clientImportsOfServerModules([{ file: "components/cart/x.tsx", text: '"use client";\nimport { log } from "@/lib/log";' }])).toEqual([
      "components/cart/x.tsx is a client component and imports lib/log",
    ]);
  });

  it("configuration is read in one place: no process.env in app/, components/, lib/ or server/ outside lib/env.ts and lib/env-shared.mjs", () => {
    expect(environmentReaders(projectSources())).toEqual([]);
    expect(environmentReaders([{ file: "server/cache/x.mjs", text: "const url = process.env.REDIS_URL;" }])).toEqual(["server/cache/x.mjs"]);
  });

  it("logs in one shape: no console in lib/, server/ or app/, and only lib/log-shared.mjs creates a pino logger", () => {
    expect(serverLogWriters(projectSources())).toEqual([]);
    expect(
      serverLogWriters([
        { file: "server/front-server.mjs", text: 'import pino from "pino";\nconst log = pino();' },
        { file: "lib/orders/export.ts", text: 'console.log("exported", count);' },
        { file: "lib/log.ts", text: 'import type pino from "pino";' },
      ]),
    ).toEqual(["server/front-server.mjs creates its own pino logger", "lib/orders/export.ts writes to the console"]);
  });

  it("catches a planted loop between domain folders, through relative imports as well as aliases", () => {
    const planted = [
      { file: "lib/checkout/service.ts", text: 'import { x } from "@/lib/orders/refunds";' },
      { file: "lib/orders/refunds.ts", text: 'import { y } from "../payments/provider";' },
      { file: "lib/payments/provider.ts", text: 'const z = await import("@/lib/checkout/service");' },
      { file: "lib/catalog/a.ts", text: 'import { w } from "@/lib/orders/refunds";' },
    ];
    const found = layeringViolations(planted);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^import loop between folders: /);
    for (const folder of ["lib/checkout", "lib/orders", "lib/payments"]) expect(found[0]).toContain(folder);
    expect(found[0]).not.toContain("lib/catalog");
  });

  it("catches a planted upward import from an .mjs file: lib/ → server/, server/ → app/, lib/ → app/", () => {
    const planted = [
      { file: "lib/catalog/listing-url.mjs", text: 'import { noteRead } from "../../server/cache/search-admission.mjs";' },
      { file: "server/cache/next-cache-handler.mjs", text: 'import { x } from "../../app/layout.tsx";' },
      { file: "lib/redis/keys.mjs", text: 'const m = require("@/app/api/health/route");' },
      { file: "server/front-server.mjs", text: 'import { env } from "../lib/env.ts";' },
    ];
    expect(layeringViolations(planted)).toEqual([
      "lib/catalog/listing-url.mjs imports server/cache/search-admission.mjs (lib/ must not import server/)",
      "server/cache/next-cache-handler.mjs imports app/layout.tsx (server/ must not import app/)",
      "lib/redis/keys.mjs imports app/api/health/route (lib/ must not import app/)",
    ]);
  });
});
