import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * Who owns the embedded database directory. Two PGlite instances on one
 * directory silently lose data, so the process that opens it (`npm start`,
 * or a backup/restore while the shop is stopped) first claims
 * `<dataDir>.owner` (created exclusively, mode 0600). The file holds the
 * owner's pid and, once its server listens, the URL (with its password) that
 * `npm run backup` / `npm run restore` use to reach the database through the
 * owner instead of opening the directory themselves.
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

/** The live owner of the directory, or null (a file left by a crashed process does not count). */
export function readEmbeddedOwner(dataDir: string): EmbeddedOwner | null {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as EmbeddedOwner;
    return Number.isInteger(owner.pid) && isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

export class EmbeddedDatabaseInUseError extends Error {}

/**
 * Claims the directory for this process; throws EmbeddedDatabaseInUseError
 * when another live process owns it. Returns `publish` (record the server's
 * URL once it listens) and `release`.
 */
export function claimEmbeddedOwnership(dataDir: string): { publish: (url: string) => void; release: () => void } {
  const file = ownerFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const write = (owner: EmbeddedOwner, flag: "wx" | "w") => {
    const fd = openSync(file, flag, 0o600);
    try {
      writeSync(fd, JSON.stringify(owner));
    } finally {
      closeSync(fd);
    }
  };
  try {
    write({ pid: process.pid, url: null }, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = readEmbeddedOwner(dataDir);
    if (owner && owner.pid !== process.pid) {
      throw new EmbeddedDatabaseInUseError(`The embedded database ${dataDir} is in use by process ${owner.pid} (remove ${file} only if that process is not the shop).`);
    }
    rmSync(file, { force: true });
    write({ pid: process.pid, url: null }, "wx");
  }
  let released = false;
  return {
    publish: (url) => writeFileSync(file, JSON.stringify({ pid: process.pid, url } satisfies EmbeddedOwner), { mode: 0o600 }),
    release: () => {
      if (released) return;
      released = true;
      const owner = readEmbeddedOwner(dataDir);
      if (!owner || owner.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
