import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Unit tests (rules, components) and integration tests (services and route
 * handlers on a real database: PostgreSQL when TEST_DATABASE_URL is set, the
 * embedded database otherwise) — see tests/helpers/test-db.ts.
 * @type {import('jest').Config}
 */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,components,app,server,tests/integration}/**/*.test.{ts,tsx}"],
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/mocks/empty.ts",
    "^next/cache$": "<rootDir>/tests/mocks/next-cache.ts",
    "^@/(.*)$": "<rootDir>/$1",
    // Prisma loads its query compiler with import(); Jest runs CommonJS, so use the CJS build.
    "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js",
  },
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/jest-setup.ts"],
  testTimeout: 60_000,
  // Two files at a time: most integration files wait on the database, not the CPU. On the 2-core
  // machines CI runs on, the PostgreSQL suite took 12.7 min with Jest's default (one worker there)
  // and 6.9 min with two, every file green (stop 29).
  maxWorkers: 2,
  // A test that times out while it runs a whole shop (multi-process tests) can leave a handle open;
  // CI must then fail with that test's error rather than hang until its own time limit.
  forceExit: true,
};

export default createJestConfig(config);
