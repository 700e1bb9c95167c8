import { withAdminRoute } from "@/lib/http";
import { newPiecesDraft } from "@/lib/newsletter/campaign-service";

/** Admin: the "New pieces" draft — the products added since the last newsletter, in a grid. */
export const GET = withAdminRoute(async () => newPiecesDraft());
