import { closeSync, openSync, writeSync } from "node:fs";

/**
 * Shows a secret (a generated password) to the person at the terminal and
 * nowhere else: on stdout only when stdout IS a terminal, else straight to
 * the controlling terminal (/dev/tty), so `npm start > shop.log` keeps it out
 * of the log file. Without any terminal (a service manager, CI) it is not
 * shown at all; returns whether it was.
 */
export function showOnTerminal(text: string): boolean {
  if (process.stdout.isTTY) {
    process.stdout.write(`${text}\n`);
    return true;
  }
  let fd: number | undefined;
  try {
    fd = openSync("/dev/tty", "w");
    writeSync(fd, `${text}\n`);
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A framed block, easy to spot among start-up lines. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  return ["", "┌" + "─".repeat(width) + "┐", ...lines.map((l) => `│  ${l.padEnd(width - 2)}│`), "└" + "─".repeat(width) + "┘", ""].join("\n");
}
