import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Three Jest projects (`--selectProjects unit|integration|system`):
 * - unit: rules and components, beside their code (lib, components, app, server);
 * - integration: services and route handlers on a real database, in this process
 *   (PostgreSQL when TEST_DATABASE_URL is set, the embedded database otherwise: tests/helpers/test-db.ts);
 * - system: whole shops and scripts in processes of their own (production builds, several instances, Redis,
 *   crashes, backups): every tests/integration file that starts servers through tests/helpers/instances.ts
 *   or spawns a process.
 * tests/integration has a folder per domain (orders, checkout, catalog, …): `npm run test:unit -- orders` runs
 * lib/orders, the orders folder (after-sale, piece-holder, refunds, …) and every other file whose path names it.
 * `npm run test:embedded` (MM_TEST_PARITY=1) runs the parity suite below on the embedded database.
 */
const INTEGRATION_DIR = "tests/integration";
const integrationFiles = readdirSync(INTEGRATION_DIR, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".test.ts"));
const startsServers = (f) => /helpers\/instances"|from "node:child_process"/.test(readFileSync(`${INTEGRATION_DIR}/${f}`, "utf8"));
const systemFiles = integrationFiles.filter(startsServers);

/**
 * The embedded database (PGlite) answers one connection at a time and is a different build of
 * PostgreSQL: these files cover what can differ there — the migrations, raw SQL (search, exports,
 * statements), the money paths' locks and claims (checkout, stock, one-of-a-kind pieces, codes and
 * gift cards, refunds), the newsletter worker, backups and first start. CI runs them there after
 * the whole suite on PostgreSQL.
 */
const EMBEDDED_PARITY = [
  "<rootDir>/lib/db/**/*.test.ts",
  ...[
    "migrations",
    "checkout",
    "stock",
    "piece-holder",
    "variants",
    "discounts",
    "gift-cards",
    "after-sale",
    "stripe-refunds",
    "test-payment-orders",
    "order-statement",
    "deposit-statement",
    "orders-export",
    "search",
    "catalog-api",
    "admin-ops-api",
    "newsletter-send",
    "first-admin-password",
    "backup",
  ].map((name) => {
    // Files sit in a folder per domain (tests/integration/orders/after-sale.test.ts): found by name, so a move keeps them here.
    const file = integrationFiles.find((f) => path.basename(f) === `${name}.test.ts`);
    if (!file) throw new Error(`jest.config.js: the embedded parity suite names ${name}.test.ts, which is in no folder of ${INTEGRATION_DIR}`);
    return `<rootDir>/${INTEGRATION_DIR}/${file}`;
  }),
];

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: "node",
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/mocks/empty.ts",
    "^next/cache$": "<rootDir>/tests/mocks/next-cache.ts",
    "^@/(.*)$": "<rootDir>/$1",
    // Prisma loads its query compiler with import(); Jest runs CommonJS, so use the CJS build.
    "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js",
  },
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/jest-setup.ts"],
};

const projects =
  process.env.MM_TEST_PARITY === "1"
    ? [{ displayName: "embedded-parity", testMatch: EMBEDDED_PARITY }]
    : [
        { displayName: "unit", testMatch: ["<rootDir>/{lib,components,app,server}/**/*.test.{ts,tsx}"] },
        {
          displayName: "integration",
          testMatch: [`<rootDir>/${INTEGRATION_DIR}/**/*.test.ts`],
          testPathIgnorePatterns: [...shared.testPathIgnorePatterns, ...systemFiles.map((f) => `/${INTEGRATION_DIR}/${f.replace(/\./g, "\\.")}$`)],
        },
        { displayName: "system", testMatch: systemFiles.map((f) => `<rootDir>/${INTEGRATION_DIR}/${f}`) },
      ];

export default async function config() {
  return {
    testTimeout: 60_000,
    // Two files at a time: most integration files wait on the database, not the CPU. On the 2-core
    // machines CI runs on, the PostgreSQL suite took 12.7 min with Jest's default (one worker there)
    // and 6.9 min with two, every file green.
    maxWorkers: 2,
    projects: await Promise.all(projects.map((p) => createJestConfig({ ...shared, ...p, testTimeout: 60_000 })())),
  };
}
