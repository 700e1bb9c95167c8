#!/bin/sh
# Stand-in for Prisma's schema-engine binary, which cannot be downloaded on
# offline machines. It answers --version so `prisma generate` works and fails
# loudly for anything else: migrations are applied by scripts/db-migrate.ts.
case "$1" in
  --version|-V) echo "schema-engine-cli stub (Maple & Micron: migrations run through scripts/db-migrate.ts)"; exit 0 ;;
esac
echo "schema-engine stub: the Prisma schema engine is not installed here; use 'npm run db:migrate'" >&2
exit 1
