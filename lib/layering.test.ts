import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** DESIGN.md: imports point down (app/ -> components/ -> lib/); nothing in components/ or lib/ imports from app/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("layering", () => {
  it("no file in components/ or lib/ imports from app/", () => {
    const root = path.resolve(__dirname, "..");
    const offenders = ["components", "lib"]
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => /from\s+["']@\/app\/|import\(\s*["']@\/app\//.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
