import { entityIdOrNotFound } from "@/lib/admin/ids";
import { withAdminRoute } from "@/lib/http";
import { adminUnsubscribe } from "@/lib/newsletter/subscriber-service";

/** Admin: unsubscribes one address (audited); it gets no newsletter again unless it confirms anew. */
export const POST = withAdminRoute<{ id: string }>(async (_req, { params }) => adminUnsubscribe(entityIdOrNotFound(params.id, "Subscriber not found")));
