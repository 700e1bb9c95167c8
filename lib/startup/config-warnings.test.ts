import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { SITE_URL_WARNING, warnAboutConfiguration } from "@/lib/startup/config-warnings";

describe("start-up configuration warnings", () => {
  const saved = { ...env };
  afterEach(() => {
    Object.assign(env, saved);
    jest.restoreAllMocks();
  });

  it("warns a production server without SITE_URL, naming it, and nobody else", () => {
    const warn = jest.spyOn(log, "warn").mockImplementation(() => {});
    Object.assign(env, { NODE_ENV: "production", SITE_URL: undefined });
    warnAboutConfiguration();
    expect(warn.mock.calls).toEqual([[SITE_URL_WARNING]]);
    expect(SITE_URL_WARNING).toMatch(/^SITE_URL is not set/);
    warn.mockClear();
    Object.assign(env, { NODE_ENV: "production", SITE_URL: "https://shop.example.com" });
    warnAboutConfiguration();
    Object.assign(env, { NODE_ENV: "development", SITE_URL: undefined });
    warnAboutConfiguration();
    expect(warn).not.toHaveBeenCalled();
  });
});
