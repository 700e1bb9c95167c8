import { listGalleryItems } from "@/lib/catalog/queries";
import { withRoute } from "@/lib/http";

export const GET = withRoute(async () => listGalleryItems());
