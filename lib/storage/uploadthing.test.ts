import { parseUploadThingToken, uploadToUploadThing } from "@/lib/storage/uploadthing";

const token = Buffer.from(JSON.stringify({ apiKey: "sk_live_abc", appId: "app123", regions: ["sea1"] })).toString("base64");

type Call = { url: string; init: RequestInit };

function fakeFetch(responses: Array<() => Response>) {
  const calls: Call[] = [];
  const fn = (async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error("unexpected fetch");
    return next();
  }) as typeof fetch;
  return { fn, calls };
}

describe("UploadThing storage (REST v7)", () => {
  it("decodes the v7 token and refuses anything else", () => {
    expect(parseUploadThingToken(token)).toEqual({ apiKey: "sk_live_abc", appId: "app123", regions: ["sea1"] });
    expect(() => parseUploadThingToken("sk_live_plain_key")).toThrow(/not a valid UploadThing v7 token/);
  });

  it("prepares the upload with the API key, PUTs the file as multipart and returns the file URL", async () => {
    const { fn, calls } = fakeFetch([
      () => Response.json({ key: "KEY1", url: "https://sea1.ingest.uploadthing.com/KEY1?signature=x" }),
      () => Response.json({ ufsUrl: "https://app123.ufs.sh/f/KEY1" }),
    ]);
    const data = new Uint8Array([1, 2, 3, 4]);
    const url = await uploadToUploadThing({ name: "bowl-1.webp", type: "image/webp", data }, { token, fetch: fn });
    expect(url).toBe("https://app123.ufs.sh/f/KEY1");
    expect(calls[0].url).toBe("https://api.uploadthing.com/v7/prepareUpload");
    expect((calls[0].init.headers as Record<string, string>)["x-uploadthing-api-key"]).toBe("sk_live_abc");
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({ fileName: "bowl-1.webp", fileSize: 4, fileType: "image/webp", acl: "public-read" });
    expect(calls[1]).toMatchObject({ url: "https://sea1.ingest.uploadthing.com/KEY1?signature=x", init: { method: "PUT" } });
    const sent = (calls[1].init.body as FormData).get("file") as File;
    expect([sent.name, sent.type, sent.size]).toEqual(["bowl-1.webp", "image/webp", 4]);
  });

  it("falls back to the app's ufs.sh URL and reports HTTP failures", async () => {
    const ok = fakeFetch([() => Response.json({ key: "K2", url: "https://ingest.example/K2" }), () => new Response("", { status: 200 })]);
    await expect(uploadToUploadThing({ name: "a.webp", type: "image/webp", data: new Uint8Array([1]) }, { token, fetch: ok.fn })).resolves.toBe("https://app123.ufs.sh/f/K2");
    const bad = fakeFetch([() => new Response("Invalid API key", { status: 401 })]);
    await expect(uploadToUploadThing({ name: "a.webp", type: "image/webp", data: new Uint8Array([1]) }, { token, fetch: bad.fn })).rejects.toThrow("UploadThing prepareUpload failed with HTTP 401: Invalid API key");
  });
});
