import "server-only";

/**
 * UploadThing storage (production, when UPLOADTHING_TOKEN is set), spoken
 * over its REST API (v7): ask for a presigned upload URL, PUT the file to it
 * as multipart form data, and keep the public file URL it returns.
 * (The `uploadthing` SDK's UTApi does the same; the REST calls avoid a dependency.)
 */
export const UPLOADTHING_API = "https://api.uploadthing.com";

export type UploadThingToken = { apiKey: string; appId: string; regions: string[] };

/** The dashboard's v7 token: base64 of {"apiKey","appId","regions"}. */
export function parseUploadThingToken(token: string): UploadThingToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token.trim(), "base64").toString("utf8"));
  } catch {
    parsed = null;
  }
  const t = parsed as Partial<UploadThingToken> | null;
  if (!t || typeof t.apiKey !== "string" || !t.apiKey || typeof t.appId !== "string" || !t.appId) {
    throw new Error("UPLOADTHING_TOKEN is not a valid UploadThing v7 token (copy it from the UploadThing dashboard, API Keys → V7).");
  }
  return { apiKey: t.apiKey, appId: t.appId, regions: Array.isArray(t.regions) ? t.regions.map(String) : [] };
}

type Fetch = typeof fetch;

async function failure(step: string, res: Response): Promise<Error> {
  const body = (await res.text().catch(() => "")).slice(0, 300);
  return new Error(`UploadThing ${step} failed with HTTP ${res.status}${body ? `: ${body}` : ""}`);
}

/** Uploads one file and returns its public URL (https://<appId>.ufs.sh/f/<key>). */
export async function uploadToUploadThing(
  file: { name: string; type: string; data: Uint8Array },
  opts: { token: string; fetch?: Fetch },
): Promise<string> {
  const { apiKey, appId } = parseUploadThingToken(opts.token);
  const doFetch = opts.fetch ?? fetch;
  const prepared = await doFetch(`${UPLOADTHING_API}/v7/prepareUpload`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-uploadthing-api-key": apiKey },
    body: JSON.stringify({ fileName: file.name, fileSize: file.data.byteLength, fileType: file.type, acl: "public-read", contentDisposition: "inline" }),
  });
  if (!prepared.ok) throw await failure("prepareUpload", prepared);
  const presigned = (await prepared.json()) as { key?: string; url?: string };
  if (!presigned.url || !presigned.key) throw new Error("UploadThing prepareUpload returned no upload URL");

  const form = new FormData();
  form.append("file", new File([file.data as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  const put = await doFetch(presigned.url, { method: "PUT", body: form, headers: { Range: "bytes=0-" } });
  if (!put.ok) throw await failure("upload", put);
  const stored = (await put.json().catch(() => ({}))) as { ufsUrl?: string; url?: string };
  return stored.ufsUrl || stored.url || `https://${appId}.ufs.sh/f/${presigned.key}`;
}
