/**
 * Tag expiries a server process could not record in the shared cache (Redis
 * unreachable from it when an edit or a sale expired them), kept on disk until
 * they are recorded (server/cache/next-cache-handler.mjs): at the next
 * connection, by this process or — after a crash or a restart before Redis
 * was back — by the next one started in the same place. Until then other
 * instances may serve pages from before the edit; forgotten, they would serve
 * them until the pages' own lifetime ran out.
 *
 * Where: the instance's data folder (.data/unrecorded-expiries/, 0700), one
 * folder per shared cache (a hash of its Redis address without credentials,
 * and its key prefix: a test's or another shop's expiries are never recorded
 * in the wrong place). On Vercel, whose disk is read-only, the OS temp folder:
 * it lasts as long as the function instance. Not the database: the cache
 * handler runs outside the app's bundle (no Prisma client), and a local file
 * can be written when the network that lost Redis lost the database too.
 *
 * One file per process, always replaced whole (written aside, then renamed),
 * so processes started from one folder never write over each other's. A
 * process opening the folder takes over every file it finds (renamed first,
 * so each is taken by one process only) and keeps their tags in its own file.
 * A file that cannot be read owes a clear of the shared cache instead (which
 * tags it held is unknown).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sharedEnv } from "../../lib/env-shared.mjs";

/** The folder for the shared cache at `redisUrl` under `namespace` (lib/redis/keys.mjs). */
export function unrecordedExpiriesDir(redisUrl, namespace) {
  const url = new URL(redisUrl);
  url.username = "";
  url.password = "";
  const id = createHash("sha256").update(`${url.href}\n${namespace}`).digest("hex").slice(0, 24);
  const base = sharedEnv().VERCEL ? path.join(tmpdir(), "mm-data") : path.resolve(process.cwd(), ".data");
  return path.join(base, "unrecorded-expiries", id);
}

/**
 * This process's unrecorded expiries in `dir`, with those left there by
 * earlier processes. `onWriteError` hears of a file that could not be written
 * (the expiries are still kept in memory).
 */
export function openUnrecordedExpiries(dir, onWriteError = () => {}) {
  const own = path.join(dir, `${process.pid}-${randomBytes(6).toString("hex")}.json`);
  /** tag → when the expiry that could not be recorded was taken (ms). */
  const owed = new Map();
  let clearOwed = false;

  function add(tag, at) {
    if (typeof tag === "string" && Number.isFinite(at) && !(owed.get(tag) >= at)) owed.set(tag, at);
  }

  function save() {
    try {
      if (!owed.size && !clearOwed) return rmSync(own, { force: true });
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const aside = path.join(dir, `.${path.basename(own)}.tmp`);
      writeFileSync(aside, JSON.stringify({ tags: Object.fromEntries(owed), clear: clearOwed }), { mode: 0o600 });
      renameSync(aside, own);
    } catch (error) {
      onWriteError(error);
    }
  }

  // Take over what earlier processes left.
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No folder: nothing was left.
  }
  const taken = [];
  for (const name of names) {
    if (name.startsWith(".")) continue; // another process's file being written
    const claimed = path.join(dir, `taken-${randomBytes(6).toString("hex")}.json`);
    try {
      renameSync(path.join(dir, name), claimed);
    } catch {
      continue; // taken by another process
    }
    taken.push(claimed);
    try {
      const left = JSON.parse(readFileSync(claimed, "utf8"));
      for (const [tag, at] of Object.entries(left.tags ?? {})) add(tag, Number(at));
      if (left.clear === true) clearOwed = true;
    } catch {
      clearOwed = true;
    }
  }
  if (taken.length) {
    save();
    for (const file of taken) rmSync(file, { force: true });
  }

  return {
    /** Nothing owed: every expiry this process (or one before it) took is recorded. */
    settled: () => owed.size === 0 && !clearOwed,
    /** The owed expiries, [tag, when taken] (to record, then hand back to recorded()). */
    owed: () => [...owed],
    /** A clear of the shared cache is owed (a file that could not be read). */
    clearOwed: () => clearOwed,
    /** Expiries of `tags`, taken at `at`, could not be recorded. */
    add(tags, at) {
      for (const tag of tags) add(tag, at);
      save();
    },
    /** These expiries are recorded now (one of a tag taken again since stays owed). */
    recorded(entries) {
      for (const [tag, at] of entries) if (owed.get(tag) <= at) owed.delete(tag);
      save();
    },
    /** The shared cache was cleared. */
    cleared() {
      if (!clearOwed) return;
      clearOwed = false;
      save();
    },
  };
}
