import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { POST as uploadImage } from "@/app/api/upload-image/route";
import { POST as upload } from "@/app/api/upload/route";
import { GET as serveUpload } from "@/app/uploads/[...path]/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let dir: string;
let auth: Record<string, string>;
const previousDir = process.env.UPLOADS_DIR;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mm-uploads-"));
  process.env.UPLOADS_DIR = dir;
  db = await createTestDatabase();
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
});
afterAll(async () => {
  process.env.UPLOADS_DIR = previousDir;
  await rm(dir, { recursive: true, force: true });
  await db?.cleanup();
});

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(handler: Handler, url: string, field: string, files: File[], headers: Record<string, string> = auth) {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  const req = new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", body: form, headers });
  const res = await handler(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

async function picture(format: "png" | "jpeg" | "webp", width: number, height: number, orientation?: number): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toFormat(format).toBuffer();
}

const file = (data: Uint8Array, name: string, type: string) => new File([data as Uint8Array<ArrayBuffer>], name, { type });
const stored = async () => (await readdir(dir)).filter((f) => !f.startsWith("."));
const serve = (segments: string[]) => serveUpload(new NextRequest(new URL(`/uploads/${segments.join("/")}`, "http://localhost:3000")), { params: Promise.resolve({ path: segments }) });

describe(`uploads on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("POST /api/upload stores PNG, JPEG and WEBP as WebP files with their size, served back at /uploads/…", async () => {
    const files = [
      file(await picture("png", 800, 600), "Dana Rivers home 12 Elm St.png", "image/png"),
      file(await picture("jpeg", 640, 480), "side.jpg", "image/jpeg"),
      file(await picture("webp", 300, 400), "top.webp", "image/webp"),
    ];
    const { status, json } = await send(upload, "/api/upload", "images", files);
    expect(status).toBe(200);
    expect(json.urls).toHaveLength(3);
    expect(json.images.map((i: { width: number; height: number }) => [i.width, i.height])).toEqual([
      [800, 600],
      [640, 480],
      [300, 400],
    ]);
    expect(json.urls).toEqual(json.images.map((i: { url: string }) => i.url));
    expect(json.urls[0]).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    for (const [i, url] of (json.urls as string[]).entries()) {
      const onDisk = path.join(dir, path.basename(url));
      const meta = await sharp(await readFile(onDisk)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", json.images[i].width, json.images[i].height]);

      const res = await serve(url.replace(/^\/uploads\//, "").split("/"));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(onDisk))).toBe(true);
    }
  });

  it("scales large pictures to fit 2000×2000 and applies the EXIF orientation", async () => {
    const { json } = await send(upload, "/api/upload", "images", [
      file(await picture("jpeg", 3000, 1500), "wide.jpg", "image/jpeg"),
      file(await picture("jpeg", 400, 200, 6), "rotated.jpg", "image/jpeg"),
    ]);
    expect(json.images.map((i: { width: number; height: number }) => [i.width, i.height])).toEqual([
      [2000, 1000],
      [200, 400],
    ]);
    const meta = await sharp(await readFile(path.join(dir, path.basename(json.urls[1])))).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
  });

  it("POST /api/upload-image stores one image and returns { url, width, height }", async () => {
    const { status, json } = await send(uploadImage, "/api/upload-image", "image", [file(await picture("png", 1200, 900), "category.png", "image/png")]);
    expect(status).toBe(200);
    expect(json).toEqual({ url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/), width: 1200, height: 900 });
    expect(await stored()).toContain(path.basename(json.url));
  });

  it("refuses a text file renamed .png (400, nothing stored)", async () => {
    const before = await stored();
    for (const [handler, url, field] of [
      [upload, "/api/upload", "images"],
      [uploadImage, "/api/upload-image", "image"],
    ] as const) {
      const { status, json } = await send(handler, url, field, [file(new TextEncoder().encode("just some words, not pixels"), "fake.png", "image/png")]);
      expect(status).toBe(400);
      expect(json.error).toBe("File fake.png is not an image.");
      expect(json.message).toBe("File fake.png is not an image.");
    }
    // an image signature followed by garbage is no image either
    const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("garbage after the signature")]);
    const bad = await send(upload, "/api/upload", "images", [file(corrupt, "broken.png", "image/png")]);
    expect(bad.json.error).toBe("File broken.png is not an image.");
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over 10MB (413, nothing stored)", async () => {
    const before = await stored();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(await picture("png", 10, 10));
    const { status, json } = await send(upload, "/api/upload", "images", [file(big, "big.png", "image/png")]);
    expect(status).toBe(413);
    expect(json.error).toBe("File big.png is too large. Maximum size is 10MB.");
    const single = await send(uploadImage, "/api/upload-image", "image", [file(big, "big.png", "image/png")]);
    expect(single.status).toBe(413);
    expect(single.json.error).toBe("File big.png is too large. Maximum size is 10MB.");
    expect(await stored()).toEqual(before);
  });

  it("stores none of a batch when one file is bad", async () => {
    const before = await stored();
    const { status, json } = await send(upload, "/api/upload", "images", [
      file(await picture("png", 50, 50), "good.png", "image/png"),
      file(new TextEncoder().encode("nope"), "notes.png", "image/png"),
    ]);
    expect(status).toBe(400);
    expect(json.error).toBe("File notes.png is not an image.");
    expect(await stored()).toEqual(before);
  });

  it("refuses more than 10 files in one request (413, nothing stored)", async () => {
    const before = await stored();
    const small = await picture("png", 20, 20);
    const files = Array.from({ length: 11 }, (_, i) => file(small, `p${i}.png`, "image/png"));
    const { status, json } = await send(upload, "/api/upload", "images", files);
    expect(status).toBe(413);
    expect(json.error).toBe("Please upload at most 10 images at a time.");
    expect(await stored()).toEqual(before);
  });

  it("needs a file: no files is a 400, a non-multipart body a 415", async () => {
    const none = await send(upload, "/api/upload", "images", []);
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("Please choose an image to upload.");
    const res = await upload(new NextRequest(new URL("/api/upload", "http://localhost:3000"), { method: "POST", body: "{}", headers: { ...auth, "content-type": "application/json" } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(415);
  });

  it("without credentials: 401 JSON and nothing stored", async () => {
    const before = await stored();
    const png = await picture("png", 20, 20);
    for (const [handler, url, field] of [
      [upload, "/api/upload", "images"],
      [uploadImage, "/api/upload-image", "image"],
    ] as const) {
      const anon = await send(handler, url, field, [file(png, "a.png", "image/png")], {});
      expect(anon.status).toBe(401);
      expect(anon.json).toEqual({ message: "Authentication required", error: "Authentication required", code: "unauthorized" });
      const forged = await send(handler, url, field, [file(png, "a.png", "image/png")], { authorization: "Bearer forged" });
      expect(forged.status).toBe(401);
    }
    expect(await stored()).toEqual(before);
  });

  it("/uploads/… serves only image files inside the uploads folder (404 otherwise)", async () => {
    const outside = path.join(path.dirname(dir), `secret-${path.basename(dir)}.webp`);
    await writeFile(outside, "secret");
    await writeFile(path.join(dir, "notes.txt"), "not an image");
    await writeFile(path.join(dir, ".hidden.webp"), "hidden");
    try {
      for (const segments of [
        ["..", path.basename(outside)],
        ["x", "..", "..", path.basename(outside)],
        [`..%2F${path.basename(outside)}`],
        ["..\\" + path.basename(outside)],
        [path.resolve(outside)],
        ["notes.txt"],
        [".hidden.webp"],
        ["missing.webp"],
        [],
      ]) {
        const res = await serve(segments);
        expect(res.status).toBe(404);
      }
    } finally {
      await rm(outside, { force: true });
    }
  });
});
