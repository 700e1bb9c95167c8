/**
 * @jest-environment node
 */
import sharp from "sharp";
import { ogText, renderOgCard } from "@/lib/seo/og-card";

describe("share cards", () => {
  const fetchSpy = jest.spyOn(globalThis, "fetch");
  afterAll(() => fetchSpy.mockRestore());
  /** Requests that leave the machine (next/og loads its own wasm from data: URLs). */
  const networkCalls = () => fetchSpy.mock.calls.map(([url]) => String(url instanceof Request ? url.url : url)).filter((url) => !url.startsWith("data:"));

  it("draws a 1200×630 PNG with the product picture, without touching the network", async () => {
    const res = await renderOgCard({ eyebrow: "Wood Bowls", title: "Black Walnut Salad Bowl", detail: "$165.00", image: "/demo/products/black-walnut-salad-bowl-1.webp" });
    expect(res.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect(networkCalls()).toEqual([]);
  });

  it("keeps text to what the bundled font draws, and skips images it cannot read locally", async () => {
    expect(ogText("Bowl 🌳 — “walnut” 日本", 100)).toBe("Bowl — “walnut”");
    expect(ogText("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
    const res = await renderOgCard({ title: "Remote 🌳", image: "https://utfs.io/f/abc.webp" });
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200);
    const traversal = await renderOgCard({ title: "x", image: "/../../etc/passwd" });
    expect(traversal.status).toBe(200);
    expect(networkCalls()).toEqual([]);
  });
});
