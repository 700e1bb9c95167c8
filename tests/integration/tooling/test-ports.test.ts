/**
 * Jest runs two test files at a time (jest.config.js): the production servers two files start
 * must never share a port (MM_TEST_PORT_BASE + an offset, tests/helpers/instances.ts testPort).
 * A file reusing another's offset would send its requests to the other file's shop.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.join(process.cwd(), "tests/integration");

function offsetsByFile(): Map<number, Set<string>> {
  const users = new Map<number, Set<string>>();
  for (const file of readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))) {
    const text = readFileSync(path.join(dir, file), "utf8");
    const found = [...text.matchAll(/useEmbeddedShop\(\s*"[^"]+"\s*,\s*(\d+)/g), ...text.matchAll(/testPort\((\d+)\)/g)].map((m) => Number(m[1]));
    for (const offset of found) users.set(offset, (users.get(offset) ?? new Set()).add(file));
  }
  return users;
}

test("every port offset a test server or proxy listens on belongs to one test file", () => {
  const users = offsetsByFile();
  expect(users.size).toBeGreaterThan(10);
  const shared = [...users].filter(([, files]) => files.size > 1).map(([offset, files]) => `${offset}: ${[...files].sort().join(", ")}`);
  expect(shared).toEqual([]);
});
