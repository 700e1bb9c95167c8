import path from "node:path";
import { defineConfig } from "prisma/config";

// The schema-engine binary is downloaded from Prisma's servers, which offline
// machines cannot reach. `prisma generate` only needs it to answer --version;
// migrations are applied by our own migrator (scripts/db-migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/schema-engine-stub.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/maple_micron" },
});
