import { withAdminRoute } from "@/lib/http";
import { filesFromForm, storeUploadedImages } from "@/lib/storage";

export const runtime = "nodejs";

/** Admin: multipart field `images` (one or more) → stored WebP images. */
export const POST = withAdminRoute(
  async (req) => {
    const images = await storeUploadedImages(await filesFromForm(req, "images"));
    return { urls: images.map((i) => i.url), images };
  },
  { body: "multipart" },
);
