import { readQuery, withAdminRoute } from "@/lib/http";
import { listSubscribers, subscriberQuerySchema } from "@/lib/newsletter/subscriber-queries";

/** Admin: subscribers (?q= search by address, ?status=, ?page=), with status, source and consent record. */
export const GET = withAdminRoute(async (req) => listSubscribers(readQuery(req, subscriberQuerySchema)));
