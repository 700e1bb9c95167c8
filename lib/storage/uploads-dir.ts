import path from "node:path";
import { liveEnv } from "@/lib/env";

/**
 * Where local-disk uploads live: UPLOADS_DIR, default .data/uploads. Read on
 * every call so tests (and scripts) can point it elsewhere. No "server-only"
 * here: the backup scripts use it outside Next.js.
 */
export function uploadsDir(): string {
  return path.resolve(process.cwd(), liveEnv("UPLOADS_DIR") ?? ".data/uploads");
}
