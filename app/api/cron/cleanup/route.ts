import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";
import { runMaintenance } from "@/lib/maintenance/prune-service";
import { runNewsletterWork } from "@/lib/newsletter/campaign-service";

export const dynamic = "force-dynamic";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The hourly upkeep (expired rows, stale pending refunds), and newsletter sends where no server process stays up to run them. Vercel Cron (vercel.json) calls this with `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET it does not exist. */
export const GET = withRoute(async (req) => {
  if (!env.CRON_SECRET) throw new AppError("not_found", "Not found");
  const given = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!sameSecret(given, env.CRON_SECRET)) throw new AppError("unauthorized", "Authentication required");
  const maintenance = await runMaintenance();
  return { ...maintenance, newsletter: await runNewsletterWork() };
});
