import "@testing-library/jest-dom";

// Requests in tests carry their client address the way server/front-server.mjs does (tests/helpers/route.ts fromClient).
process.env.MM_PEER_TOKEN ??= "jest-peer-token";
// Suites that are not about rate limits must not trip them (tests/integration/security/rate-limits.test.ts sets 1).
process.env.RATE_LIMIT_SCALE ??= "100";

// Uploads go to a throwaway folder unless a suite names its own: the hourly sweep of photo files no
// row owns (lib/maintenance/orphan-photos-service.ts) must never meet a developer's .data/uploads.
if (!process.env.UPLOADS_DIR) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- setup runs before any import of the suite
  const { mkdtempSync } = require("node:fs") as typeof import("node:fs");
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
  const { tmpdir } = require("node:os") as typeof import("node:os");
  process.env.UPLOADS_DIR = mkdtempSync(`${tmpdir()}/mm-jest-uploads-`);
}
