import { randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * Who owns the embedded database directory. Two PGlite instances on one
 * directory silently lose data, so the process that opens it (`npm start`,
 * or a backup/restore while the shop is stopped) first claims it. The claim
 * is the folder `<dataDir>.owner` (mode 0700) holding one file,
 * `<pid>-<random>.json` (0600): the owner's pid and, once its server listens,
 * the URL (with its password) that `npm run backup` / `npm run restore` use to
 * reach the database through the owner instead of opening the directory
 * themselves.
 *
 * Claiming is one atomic step, so of any number of processes claiming at once
 * exactly one wins: each prepares `<dataDir>.owner.claim-<pid>-<random>` with
 * its file and renames it to `<dataDir>.owner`, which the system does only
 * when no such folder exists or it is empty. A claim left by a process that is
 * gone is cleared by removing that process's own files by name (never a live
 * owner's: their names differ) and then the folder with rmdir, which fails
 * when someone has put a file in it meanwhile. (Before, a stale claim file was
 * removed and created again in two steps, and two processes could both do it.)
 */
export type EmbeddedOwner = { pid: number; url: string | null };

export function ownerFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.owner`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The pid a file in the claim folder (or a staging folder) is named after, or null. */
function pidOfName(name: string): number | null {
  const match = /^(?:.*\.claim-)?(\d+)-[0-9a-f]+(?:\.json|\.tmp)?$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** A claim by another process that is still running. */
const isLiveOther = (pid: number | null): pid is number => pid !== null && pid !== process.pid && isAlive(pid);

function readJson(file: string): Partial<EmbeddedOwner> | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Partial<EmbeddedOwner>;
  } catch {
    return null;
  }
}

/** The live owner of the directory, or null (a claim left by a crashed process does not count). */
export function readEmbeddedOwner(dataDir: string): EmbeddedOwner | null {
  const claim = ownerFile(dataDir);
  try {
    if (!lstatSync(claim).isDirectory()) {
      // A claim file written before claims were folders.
      const owner = readJson(claim);
      return owner && Number.isInteger(owner.pid) && isAlive(owner.pid!) ? { pid: owner.pid!, url: owner.url ?? null } : null;
    }
    for (const name of readdirSync(claim)) {
      const pid = pidOfName(name);
      if (!name.endsWith(".json") || pid === null || !isAlive(pid)) continue;
      const owner = readJson(path.join(claim, name));
      return { pid, url: typeof owner?.url === "string" ? owner.url : null };
    }
    return null;
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return null;
    throw error;
  }
}

export class EmbeddedDatabaseInUseError extends Error {}

/**
 * Clears the claim at `claim` when whoever made it is gone; throws
 * EmbeddedDatabaseInUseError when another live process holds it. Removes
 * only the dead claimant's files, by the names seen, and the folder only if
 * it is then empty, so a live claim made meanwhile is never touched.
 */
function clearDeadClaim(dataDir: string, claim: string) {
  const inUse = (pid: number) => new EmbeddedDatabaseInUseError(`The embedded database ${dataDir} is in use by process ${pid} (remove ${claim} only if that process is not the shop).`);
  let isFolder: boolean;
  try {
    isFolder = lstatSync(claim).isDirectory();
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  if (!isFolder) {
    // A claim file from before claims were folders: its pid decides. unlink cannot remove a folder,
    // so a claim folder that replaced the file meanwhile is safe.
    const pid = readJson(claim)?.pid;
    if (Number.isInteger(pid) && isLiveOther(pid!)) throw inUse(pid!);
    try {
      unlinkSync(claim);
    } catch (error) {
      if (!["ENOENT", "EISDIR", "EPERM"].includes(errorCode(error) ?? "")) throw error;
    }
    return;
  }
  let names: string[];
  try {
    names = readdirSync(claim);
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return;
    throw error;
  }
  const live = names.map(pidOfName).find(isLiveOther);
  if (live !== undefined) throw inUse(live);
  for (const name of names) rmSync(path.join(claim, name), { recursive: true, force: true });
  try {
    rmdirSync(claim);
  } catch (error) {
    if (!["ENOENT", "ENOTEMPTY", "EEXIST", "ENOTDIR"].includes(errorCode(error) ?? "")) throw error;
  }
}

/** Staging folders of claimants that died before renaming theirs into place. */
function removeDeadStaging(claim: string) {
  const parent = path.dirname(claim);
  const prefix = `${path.basename(claim)}.claim-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = pidOfName(name);
    if (pid !== null && pid !== process.pid && !isAlive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function writeFileExclusive(file: string, content: string) {
  const fd = openSync(file, "wx", 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/** Retries of the atomic step when claims come and go under it; each retry follows a change made by another process. */
const MAX_CLAIM_ATTEMPTS = 100;

/**
 * Claims the directory for this process; throws EmbeddedDatabaseInUseError
 * when another live process owns it. Returns `publish` (record the server's
 * URL once it listens) and `release`.
 */
export function claimEmbeddedOwnership(dataDir: string): { publish: (url: string) => void; release: () => void } {
  const claim = ownerFile(dataDir);
  mkdirSync(path.dirname(claim), { recursive: true });
  removeDeadStaging(claim);
  const name = `${process.pid}-${randomBytes(8).toString("hex")}`;
  const staging = `${claim}.claim-${name}`;
  mkdirSync(staging, { mode: 0o700 });
  try {
    writeFileExclusive(path.join(staging, `${name}.json`), JSON.stringify({ pid: process.pid, url: null } satisfies EmbeddedOwner));
    for (let attempt = 1; ; attempt++) {
      try {
        renameSync(staging, claim); // only onto nothing or an empty folder: the claim is won here or not at all
        break;
      } catch (error) {
        // ENOTEMPTY/EEXIST: a claim folder with files; ENOTDIR: an old claim file; EPERM: Windows renames onto no folder.
        if (!["ENOTEMPTY", "EEXIST", "ENOTDIR", "EPERM"].includes(errorCode(error) ?? "")) throw error;
        if (attempt >= MAX_CLAIM_ATTEMPTS) throw new Error(`Could not claim the embedded database ${dataDir}: ${claim} kept changing (${MAX_CLAIM_ATTEMPTS} attempts).`);
        clearDeadClaim(dataDir, claim);
      }
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const file = path.join(claim, `${name}.json`);
  let released = false;
  return {
    publish: (url) => {
      // Whole or not at all for readers: written beside, then renamed over this process's own file.
      const temp = path.join(claim, `${name}.tmp`);
      rmSync(temp, { force: true });
      writeFileExclusive(temp, JSON.stringify({ pid: process.pid, url } satisfies EmbeddedOwner));
      renameSync(temp, file);
    },
    release: () => {
      if (released) return;
      released = true;
      rmSync(file, { force: true });
      rmSync(path.join(claim, `${name}.tmp`), { force: true });
      try {
        rmdirSync(claim); // fails, harmlessly, when another claim has already taken its place
      } catch (error) {
        if (!["ENOENT", "ENOTEMPTY", "EEXIST", "ENOTDIR"].includes(errorCode(error) ?? "")) throw error;
      }
    },
  };
}
