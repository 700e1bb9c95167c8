import { uploadToUploadThing } from "@/lib/storage/uploadthing";

/** The UploadThing SDK with its network swapped for a fake: what it sends, and what we keep. */
const token = Buffer.from(JSON.stringify({ apiKey: "sk_live_abc", appId: "app123", regions: ["sea1"] })).toString("base64");

function fakeFetch(respond: (url: string, init: RequestInit) => Response) {
  const calls: Array<{ url: string; method: string }> = [];
  const fn = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? (input instanceof Request ? input.method : "GET");
    calls.push({ url, method });
    return respond(url, init);
  }) as typeof fetch;
  return { fn, calls };
}

describe("UploadThing storage (UTApi)", () => {
  it("uploads the file to the app's ingest server and returns the public file URL", async () => {
    const { fn, calls } = fakeFetch(() =>
      Response.json({ url: "https://app123.ufs.sh/f/KEY1", ufsUrl: "https://app123.ufs.sh/f/KEY1", appUrl: "https://app123.ufs.sh/f/KEY1", fileHash: "h", serverData: null }),
    );
    const url = await uploadToUploadThing({ name: "bowl-1.webp", type: "image/webp", data: new Uint8Array([1, 2, 3, 4]) }, { token, fetch: fn });
    expect(url).toBe("https://app123.ufs.sh/f/KEY1");
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toMatch(/^https:\/\/sea1\.ingest\.uploadthing\.com\/.+signature=/);
  });

  it("reports a failed upload instead of storing a broken URL", async () => {
    const { fn } = fakeFetch(() => new Response("Invalid API key", { status: 401 }));
    await expect(uploadToUploadThing({ name: "a.webp", type: "image/webp", data: new Uint8Array([1]) }, { token, fetch: fn })).rejects.toThrow(/UploadThing upload failed/);
  });
});
