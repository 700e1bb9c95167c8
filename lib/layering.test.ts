import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The layers (docs/ARCHITECTURE.md): imports point down.
 *   app/ → components/ → lib/       the Next.js app; nothing in components/ or lib/ imports app/
 *   server/ → lib/                  the front server and cache handlers, loaded by Node outside the
 *                                   app's bundles; nothing in app/, components/ or lib/ imports server/
 * and no two domain folders of lib/ (or of server/) import each other, directly or round a loop;
 * nor do two files of one folder (docs/decisions/0010-no-import-loops-in-a-folder.md).
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

const tierOf = (file: string): Tier | null => ((TIERS as readonly string[]).includes(file.split(path.sep)[0]) ? (file.split(path.sep)[0] as Tier) : null);
/** lib/orders/refund-service.ts → lib/orders; a file directly in lib/ (lib/db.ts) → lib/db. */
const folderOf = (file: string): string => {
  const parts = file.split(path.sep);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]}/${path.basename(parts[1], path.extname(parts[1])).replace(/\.d$/, "")}`;
};

/** A module as imports name it: lib/catalog/sort.ts and "@/lib/catalog/sort" → lib/catalog/sort; lib/db/index.ts → lib/db. */
const moduleOf = (file: string): string => file.replace(/\.(ts|tsx|mjs|js)$/, "").replace(new RegExp(`\\${path.sep}index$`), "");

/** Every import that points up a tier, every loop between domain folders, and every loop between files of one folder. */
export function layeringViolations(sources: Source[]): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, Map<string, string>>(); // folder → folder it imports → one file that does
  const files = new Map<string, Map<string, string>>(); // module → module of the same folder it imports
  for (const source of sources) {
    const from = tierOf(source.file);
    if (!from) continue;
    for (const target of importsOf(source)) {
      const to = tierOf(target);
      if (!to) continue;
      if (to !== from && !MAY_IMPORT[from].includes(to)) violations.push(`${source.file} imports ${target} (${from}/ must not import ${to}/)`);
      const [a, b] = [moduleOf(source.file), moduleOf(target)];
      if (a !== b && path.dirname(a) === path.dirname(b)) {
        if (!files.has(a)) files.set(a, new Map());
        files.get(a)!.set(b, source.file);
      }
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
  for (const cycle of folderCycles(files))
    violations.push(`import loop between files of ${path.dirname(cycle[0]).split(path.sep).join("/")}/: ${cycle.map((step) => step.replace(/ \(.*\)$/, "")).join(" → ")}`);
  return violations;
}

/** Each strongly connected group of folders (or of modules: Tarjan), as one loop through it with the file behind each step. */
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
      for (const w of next) {
        if (cameFrom.has(w) || w === start) continue;
        cameFrom.set(w, at);
        queue.push(w);
      }
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

/**
 * Data access (docs/ARCHITECTURE.md, Conventions): only data-access files import the Prisma client at
 * run time — `prisma` from lib/db, `createPrismaClient` from lib/db/client, `PrismaClient` from the
 * generated client or @prisma/client, or any of those modules whole (`* as`, default, `import()`,
 * `require()`, a bare import, a re-export). A data-access file is a `service.ts`, `queries.ts`,
 * `*-service.ts` or `*-queries.ts` in lib/, the database itself (lib/db.ts, lib/db/), the start-up step
 * that migrates and seeds through a client of its own (lib/startup/prepare-database.ts), or a command-line
 * entry point (scripts/). Everything else gets rows, or a transaction client (`tx`), from them.
 * `import type` and the `Prisma` namespace (types, `Prisma.sql` fragments, `Prisma.Decimal`, error
 * classes) are not the client and are allowed anywhere.
 */
const CLIENT_MODULES = new Set(["lib/db", "lib/db.ts", "lib/db/client", "lib/db/client.ts", "lib/generated/prisma/client", "lib/generated/prisma/client.ts", "@prisma/client"]);
const DATA_ACCESS_NAME = /^(?:service|queries|[\w.-]+-(?:service|queries))\.ts$/;

function isDataAccessFile(file: string): boolean {
  const posix = file.split(path.sep).join("/");
  if (posix === "lib/db.ts" || posix.startsWith("lib/db/") || posix === "lib/startup/prepare-database.ts" || posix.startsWith("scripts/")) return true;
  return posix.startsWith("lib/") && DATA_ACCESS_NAME.test(path.posix.basename(posix));
}

/** The Prisma-client modules a file imports at run time (not only the `Prisma` namespace, not only types). */
function clientImportsOf(source: Source): string[] {
  const target = (spec: string) => {
    const resolved = spec === "@prisma/client" ? spec : resolveSpecifier(source.file, spec)?.split(path.sep).join("/");
    return resolved && CLIENT_MODULES.has(resolved) ? resolved : null;
  };
  const text = source.text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
  const found: string[] = [];
  // Static imports and re-exports: `import … from`, `export … from`, and bare `import "…"`.
  for (const m of text.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?([\w$\s{},*]*?)\s*(?:\bfrom\s*)?["']([^"']+)["']/g)) {
    const [, , typeOnly, clause, spec] = m;
    const imported = target(spec);
    if (!imported || typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const runtimeNames = named
      ? named[1]
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !/^type\s/.test(n) && n.split(/\s+as\s+/)[0] !== "Prisma")
      : [clause.trim() || "(the module)"];
    if (runtimeNames.length) found.push(`${imported} (${runtimeNames.join(", ")})`);
  }
  // import() and require().
  for (const m of text.matchAll(/\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g)) {
    const imported = target(m[1]);
    if (imported) found.push(`${imported} (dynamic)`);
  }
  return found;
}

export function prismaClientOutsideDataAccess(sources: Source[]): Violation[] {
  return sources
    .filter((source) => !isDataAccessFile(source.file))
    .flatMap((source) => clientImportsOf(source).map((what) => `${source.file.split(path.sep).join("/")} imports the Prisma client: ${what}`));
}

function projectSources(): Source[] {
  return TIERS.flatMap((tier) => sourceFiles(path.join(ROOT, tier)))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, "utf8") }));
}

describe("layering", () => {
  it("the tree: no import points up a tier, and no domain folders (nor files of one folder) import each other round a loop", () => {
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

  it("data access: only services, queries and the database itself import the Prisma client", () => {
    const scripts = sourceFiles(path.join(ROOT, "scripts"))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, "utf8") }));
    const rootFiles = readdirSync(ROOT)
      .filter((name) => /\.(ts|mjs|js)$/.test(name))
      .map((name) => ({ file: name, text: readFileSync(path.join(ROOT, name), "utf8") }));
    expect(prismaClientOutsideDataAccess([...projectSources(), ...scripts, ...rootFiles])).toEqual([]);
  });

  it("catches a planted Prisma-client import outside services and queries, in every import form", () => {
    const planted = [
      // Violations.
      { file: "lib/orders/refunds.ts", text: 'import "server-only";\nimport { prisma, Prisma } from "@/lib/db";' },
      { file: "lib/admin/stats.ts", text: 'import {\n  type Prisma,\n  prisma as db,\n} from "../db";' },
      { file: "lib/auth/sessions.ts", text: 'const { prisma } = await import("@/lib/db");' },
      { file: "lib/webhooks/dispatch.ts", text: 'import * as db from "@/lib/db";' },
      { file: "lib/catalog/mappers.ts", text: 'export { prisma } from "@/lib/db";' },
      { file: "components/cart/x.tsx", text: 'import { createPrismaClient } from "@/lib/db/client";' },
      { file: "app/api/x/route.ts", text: 'import { PrismaClient } from "@/lib/generated/prisma/client";' },
      { file: "server/x.mjs", text: 'const { PrismaClient } = require("@prisma/client");' },
      { file: "lib/service-helpers.ts", text: 'import { prisma } from "@/lib/db";' },
      // Allowed: services and queries, the database itself, types, the Prisma namespace, comments.
      { file: "lib/orders/refund-service.ts", text: 'import { prisma, Prisma } from "@/lib/db";' },
      { file: "lib/catalog/admin-queries.ts", text: 'import { prisma } from "@/lib/db";' },
      { file: "lib/audit/service.ts", text: 'import { prisma } from "@/lib/db";' },
      { file: "lib/db/migrator.ts", text: 'import { createPrismaClient } from "@/lib/db/client";' },
      { file: "lib/startup/prepare-database.ts", text: 'import { createPrismaClient } from "@/lib/db/client";' },
      { file: "scripts/admin-password.ts", text: 'import { createPrismaClient } from "@/lib/db/client";' },
      { file: "lib/orders/pieces.ts", text: 'import type { Prisma } from "@/lib/db";' },
      { file: "lib/catalog/mappers.ts", text: 'import { Prisma } from "@/lib/db";\nimport { type PrismaClient } from "@/lib/db/client";' },
      { file: "lib/startup/seed.ts", text: 'import type { PrismaClient } from "@/lib/db/client";' },
      { file: "lib/orders/timeline.ts", text: '// import { prisma } from "@/lib/db";\nimport { log } from "@/lib/log";' },
    ];
    expect(prismaClientOutsideDataAccess(planted)).toEqual([
      "lib/orders/refunds.ts imports the Prisma client: lib/db (prisma)",
      "lib/admin/stats.ts imports the Prisma client: lib/db (prisma as db)",
      "lib/auth/sessions.ts imports the Prisma client: lib/db (dynamic)",
      "lib/webhooks/dispatch.ts imports the Prisma client: lib/db (* as db)",
      "lib/catalog/mappers.ts imports the Prisma client: lib/db (prisma)",
      "components/cart/x.tsx imports the Prisma client: lib/db/client (createPrismaClient)",
      "app/api/x/route.ts imports the Prisma client: lib/generated/prisma/client (PrismaClient)",
      "server/x.mjs imports the Prisma client: @prisma/client (dynamic)",
      "lib/service-helpers.ts imports the Prisma client: lib/db (prisma)",
    ]);
  });

  it("catches a planted loop between domain folders, through relative imports as well as aliases", () => {
    const planted = [
      { file: "lib/checkout/service.ts", text: 'import { x } from "@/lib/orders/refund-service";' },
      { file: "lib/orders/refund-service.ts", text: 'import { y } from "../payments/provider";' },
      { file: "lib/payments/provider.ts", text: 'const z = await import("@/lib/checkout/service");' },
      { file: "lib/catalog/a.ts", text: 'import { w } from "@/lib/orders/refund-service";' },
    ];
    const found = layeringViolations(planted);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^import loop between folders: /);
    for (const folder of ["lib/checkout", "lib/orders", "lib/payments"]) expect(found[0]).toContain(folder);
    expect(found[0]).not.toContain("lib/catalog");
  });

  it("catches a planted loop between two files of one folder, and one round three, in any tier and import form", () => {
    const planted = [
      { file: "lib/orders/refund-service.ts", text: 'import { statement } from "./statement";' },
      { file: "lib/orders/statement.ts", text: 'import type { Refund } from "@/lib/orders/refund-service";' },
      { file: "components/admin/a.tsx", text: 'import { B } from "@/components/admin/b";' },
      { file: "components/admin/b.tsx", text: 'const C = await import("./c");' },
      { file: "components/admin/c.tsx", text: 'import { A } from "./a";' },
      // One way only, or across folders: no loop between files of one folder.
      { file: "lib/orders/dto.ts", text: 'import { statement } from "./statement";' },
      { file: "lib/db/index.ts", text: 'import { x } from "@/lib/db/client";' },
      { file: "lib/db/client.ts", text: 'import { y } from "../log";' },
    ];
    expect(layeringViolations(planted).sort()).toEqual([
      "import loop between files of components/admin/: components/admin/c → components/admin/a → components/admin/b → components/admin/c",
      "import loop between files of lib/orders/: lib/orders/statement → lib/orders/refund-service → lib/orders/statement",
    ]);
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
