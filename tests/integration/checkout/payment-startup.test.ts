/**
 * Start-up fails closed: `npm run dev` / `npm start` / `npm run build` with a
 * real DATABASE_URL and no Stripe keys (or Stripe half configured) stop with
 * a message naming what to set, before opening the database or Next.js.
 */
import { spawnSync } from "node:child_process";

function launch(mode: "dev" | "start" | "build", env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(STRIPE_|NEXT_PUBLIC_STRIPE|PAYMENT_PROVIDER|DATABASE_URL|MM_EMBEDDED|TAX_)/.test(k)));
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", mode], {
    // A database nobody listens on: reaching it would fail differently (and slowly).
    env: { ...clean, DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("the launcher refuses a configuration that would take fake payments on a real shop", () => {
  it.each(["dev", "build"] as const)("%s: DATABASE_URL without Stripe keys", (mode) => {
    const result = launch(mode, {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start: DATABASE_URL is set but no payment provider is: set STRIPE_SECRET_KEY, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET");
    expect(result.stdout).not.toMatch(/migration|Next\.js|Seeded/i);
  });

  it("one Stripe variable forgotten is named", () => {
    const result = launch("dev", { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refusing to start: Stripe is only partly configured: set NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY");
  });
});

describe("the launcher refuses a sales-tax setting it cannot honour", () => {
  it.each([
    ["a flat rate without its rate", { TAX_MODE: "flat", TAX_HOME_STATE: "OR" }, "Refusing to start: TAX_MODE=flat needs TAX_RATE, a percentage above 0 and at most 20 such as 6.5."],
    [
      "a flat rate for no state",
      { TAX_MODE: "flat", TAX_HOME_STATE: "ZZ", TAX_RATE: "6.5" },
      'Refusing to start: TAX_MODE=flat needs TAX_HOME_STATE, the shop\'s home state as its 2-letter US postal code (e.g. OR) (got "ZZ").',
    ],
    ["Stripe Tax without Stripe's key", { TAX_MODE: "stripe" }, "Refusing to start: TAX_MODE=stripe needs STRIPE_SECRET_KEY"],
    ["an unknown mode", { TAX_MODE: "vat" }, 'TAX_MODE: must be "estimate", "flat" or "stripe"'],
  ])("%s", (_label, env, message) => {
    const result = launch("dev", { PAYMENT_PROVIDER: "test", ...env });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stdout).not.toMatch(/migration|Next\.js|Seeded/i);
  });
});
