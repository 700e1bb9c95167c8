import { readFile } from "node:fs/promises";
import { resolveUploadPath, uploadContentType } from "@/lib/storage/local-disk";

export const runtime = "nodejs";

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/** Serves locally stored uploads (.data/uploads); names are random and never reused, so they cache forever. */
export async function GET(_req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path: segments } = await params;
  const file = resolveUploadPath(segments ?? []);
  const type = file && uploadContentType(file);
  if (!file || !type) return notFound();
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(new Uint8Array(data), {
    headers: {
      "content-type": type,
      "content-length": String(data.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
