import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

/**
 * Which Chromium the browser tests drive, in this order:
 * PLAYWRIGHT_CHROMIUM_PATH; a system Chromium or Chrome on PATH; Playwright's
 * own downloaded browser. Used by playwright.config.ts (find only) and by
 * scripts/ensure-chromium.ts (find, else install).
 */
export type FoundChromium = { path: string; source: "PLAYWRIGHT_CHROMIUM_PATH" | "system" | "playwright" };

export const SYSTEM_CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome"];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found on PATH. */
export function onPath(names: string[], searchPath = process.env.PATH ?? ""): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return null;
}

function playwrightChromium(): string | null {
  try {
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Throws when PLAYWRIGHT_CHROMIUM_PATH names something that is not an executable (a typo must not fall through silently). */
export function findChromium(): FoundChromium | null {
  const given = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (given) {
    if (!isExecutable(given)) throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${given} is not an executable file.`);
    return { path: given, source: "PLAYWRIGHT_CHROMIUM_PATH" };
  }
  const system = onPath(SYSTEM_CHROMIUM_NAMES);
  if (system) return { path: system, source: "system" };
  const own = playwrightChromium();
  return own ? { path: own, source: "playwright" } : null;
}
