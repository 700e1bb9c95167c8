import type { Config } from "jest";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Unit tests (rules, components) and integration tests (services and route
 * handlers on a real database: PostgreSQL when TEST_DATABASE_URL is set, the
 * embedded database otherwise) — see tests/helpers/test-db.ts.
 */
const config: Config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,components,app,tests/integration}/**/*.test.{ts,tsx}"],
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/mocks/empty.ts",
    "^next/cache$": "<rootDir>/tests/mocks/next-cache.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/jest-setup.ts"],
  testTimeout: 60_000,
};

export default createJestConfig(config);
