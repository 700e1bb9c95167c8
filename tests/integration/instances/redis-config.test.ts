/** Fail closed: a malformed REDIS_URL stops start-up with a message naming it, before the database or Next.js. */
import { spawnSync } from "node:child_process";
import { cleanEnv } from "../../helpers/instances";

describe("REDIS_URL is validated at start-up", () => {
  it.each(["http://127.0.0.1:6379", "redis://", "redis://127.0.0.1:6379/not-a-db", "127.0.0.1:6379"])("%s stops `npm start`", (url) => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "dev"], {
      env: cleanEnv({ REDIS_URL: url, DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", PAYMENT_PROVIDER: "test" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("REDIS_URL: must be a redis:// or rediss:// URL");
    expect(result.stdout).not.toMatch(/migration|Next\.js|Seeded/i);
  });
});
