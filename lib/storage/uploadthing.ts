import "server-only";
import { UTApi, UTFile } from "uploadthing/server";

/**
 * UploadThing storage (production, when UPLOADTHING_TOKEN is set) through the
 * official SDK's UTApi. `fetch` can be swapped for tests (no network here).
 */
type Fetch = typeof fetch;

const clients = new Map<string, UTApi>();

function client(token: string, customFetch?: Fetch): UTApi {
  if (customFetch) return new UTApi({ token, fetch: customFetch, logLevel: "Error" });
  let api = clients.get(token);
  if (!api) {
    api = new UTApi({ token, logLevel: "Error" });
    clients.set(token, api);
  }
  return api;
}

/** Uploads one file and returns its public URL. */
export async function uploadToUploadThing(file: { name: string; type: string; data: Uint8Array }, opts: { token: string; fetch?: Fetch }): Promise<string> {
  const result = await client(opts.token, opts.fetch).uploadFiles(new UTFile([file.data as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  if (result.error || !result.data) throw new Error(`UploadThing upload failed: ${result.error?.message ?? "no file returned"}`);
  return result.data.ufsUrl ?? result.data.url;
}

/** Deletes files by their public URL (https://{app}.ufs.sh/f/{key}: the key is the last segment). */
export async function deleteFromUploadThing(urls: string[], opts: { token: string; fetch?: Fetch }): Promise<void> {
  const keys = urls.map((url) => new URL(url).pathname.split("/").pop() ?? "").filter(Boolean);
  if (!keys.length) return;
  const result = await client(opts.token, opts.fetch).deleteFiles(keys);
  if (!result.success) throw new Error("UploadThing delete failed");
}
