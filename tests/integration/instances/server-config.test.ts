/**
 * Fail closed in the server layer too: the front server (server/front-server.mjs,
 * plain JavaScript outside the app's bundles) reads its configuration through
 * lib/env-shared.mjs, by the same rules as lib/env.ts, and refuses to start
 * naming a malformed variable, whether started by the launcher or on its own.
 */
import { spawnSync } from "node:child_process";
import { cleanEnv } from "../../helpers/instances";

const frontServer = (env: Record<string, string>) => spawnSync(process.execPath, ["server/front-server.mjs"], { env: cleanEnv({ NODE_ENV: "production", ...env }), encoding: "utf8", timeout: 60_000 });

describe("the server layer's configuration", () => {
  it.each([
    ["SHUTDOWN_TIMEOUT_MS", "soon", "SHUTDOWN_TIMEOUT_MS: "],
    ["REDIS_CACHE_TIMEOUT_MS", "-1", "REDIS_CACHE_TIMEOUT_MS: "],
    ["PORT", "70000", "PORT: "],
    ["REDIS_URL", "http://127.0.0.1:6379", "REDIS_URL: must be a redis:// or rediss:// URL"],
  ])("%s=%s stops the front server, naming it", (name, value, message) => {
    const result = frontServer({ MM_PEER_TOKEN: "t".repeat(32), [name]: value });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start: Invalid configuration");
    expect(result.stderr).toContain(message);
    // The fatal line is the app's log line (lib/log-shared.mjs), with the same service field.
    const fatal = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.level === "fatal");
    expect(fatal).toMatchObject({ service: "maple-micron", msg: expect.stringContaining(message) });
    expect(result.stdout).not.toMatch(/ready on/);
  });

  it("without the launcher's peer token it refuses to start", () => {
    const result = frontServer({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start: MM_PEER_TOKEN is not set");
  });

  it("the launcher validates the same variables before it starts anything", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "dev"], {
      env: cleanEnv({ SHUTDOWN_TIMEOUT_MS: "soon", DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", PAYMENT_PROVIDER: "test" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SHUTDOWN_TIMEOUT_MS: ");
    expect(result.stdout).not.toMatch(/migration|Next\.js|Seeded/i);
  });
});
