import { listAdminCategories } from "@/lib/catalog/service";
import { withAdminRoute } from "@/lib/http";

/** Admin: every category (inactive too) with its product count. */
export const GET = withAdminRoute(async () => listAdminCategories());
