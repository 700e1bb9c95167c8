import { AppError } from "@/lib/errors";
import { withAdminRoute } from "@/lib/http";
import { filesFromForm, storeUploadedImage } from "@/lib/storage";

export const runtime = "nodejs";

/** Admin: multipart field `image` (one file, e.g. a category picture) → { url, width, height }. */
export const POST = withAdminRoute(
  async (req) => {
    const [file, ...rest] = await filesFromForm(req, "image");
    if (!file) throw new AppError("bad_request", "Please choose an image to upload.");
    if (rest.length) throw new AppError("bad_request", "Please upload one image at a time.");
    return storeUploadedImage(file);
  },
  { body: "multipart" },
);
