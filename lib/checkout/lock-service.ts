import "server-only";
import pLimit from "p-limit";
import { prisma, Prisma } from "@/lib/db";
import { usesEmbeddedDatabase } from "@/lib/payments/config";
import { env } from "@/lib/env";

/**
 * Runs `claim` in a transaction holding the session's checkout lock (a transaction-scoped advisory lock
 * on the session and quote): preparing a payment for one session is one at a time, across instances.
 */
export async function withCheckoutLock<T>(owner: { sessionId: string; quoteId: number | null }, claim: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const key = `checkout:${owner.sessionId}:${owner.quoteId ?? "cart"}`;
  // The embedded database is one process's (the launcher's) and answers one connection at a time: a transaction held
  // open while the test provider writes its intent through another connection would wait on itself. There the claim
  // is serialised in this process, which is the only one that can reach that database.
  if (usesEmbeddedDatabase(env)) return withProcessLock(key, () => claim(prisma));
  return lockSlots()(() =>
    prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))::text AS locked`;
        return claim(tx);
      },
      { maxWait: 20_000, timeout: 60_000 },
    ),
  );
}

/**
 * At most half this process's database connections hold a checkout lock at once. The claim's transaction keeps
 * its connection while the provider writes (the test provider's rows go through another one) and every other
 * request needs connections too: with every connection held by a claim waiting for one more, nothing moved until
 * the pool's wait ran out and each answered 500 (30 shoppers at once over two instances). Further claims wait here.
 */
let lockLimit: ReturnType<typeof pLimit> | null = null;
function lockSlots(): ReturnType<typeof pLimit> {
  return (lockLimit ??= pLimit(Math.max(1, Math.floor((env.DATABASE_POOL_MAX ?? 10) / 2))));
}

const processLocks = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier call with the same key has settled (one process). */
async function withProcessLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (processLocks.get(key) ?? Promise.resolve()).then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  processLocks.set(key, settled);
  try {
    return await run;
  } finally {
    if (processLocks.get(key) === settled) processLocks.delete(key);
  }
}
