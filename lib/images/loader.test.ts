import { CARD_IMAGE_WIDTHS, IMAGE_DEVICE_SIZES, IMAGE_REWRITE, IMAGE_SIZES, responsiveImage, shortImageLoader } from "@/lib/images/loader";

describe("shortImageLoader", () => {
  it("writes a local image as /img/{width}/{path}", () => {
    expect(shortImageLoader({ src: "/demo/products/walnut-bowl-1.webp", width: 640 })).toBe("/img/640/demo/products/walnut-bowl-1.webp");
    expect(shortImageLoader({ src: "/demo/fallback.webp", width: 1200, quality: 75 })).toBe("/img/1200/demo/fallback.webp");
  });

  it("keeps the optimizer's own form for remote images, other qualities and anything that is not a plain path", () => {
    const long = (src: string, w: number, q = 75) => `/_next/image?url=${encodeURIComponent(src)}&w=${w}&q=${q}`;
    for (const src of ["https://utfs.io/f/abc123", "//evil.example/x.png", "/demo/../secret.webp", "/demo/x.webp?v=2", "/demo/a%2Fb.webp", "/demo/ x.webp", "/demo//x.webp"]) {
      expect(shortImageLoader({ src, width: 640 })).toBe(long(src, 640));
    }
    expect(shortImageLoader({ src: "/demo/x.webp", width: 640, quality: 90 })).toBe(long("/demo/x.webp", 640, 90));
  });

  it("is rewritten to the optimizer with the same path, width and quality", () => {
    expect(IMAGE_REWRITE).toEqual({ source: "/img/:w(\\d{1,4})/:path(.+)", destination: "/_next/image?url=/:path&w=:w&q=75" });
  });
});

describe("responsiveImage", () => {
  it("lists only widths the optimizer serves (next.config.ts), largest last as the src", () => {
    for (const w of CARD_IMAGE_WIDTHS) expect([...IMAGE_DEVICE_SIZES, ...IMAGE_SIZES]).toContain(w);
    expect(responsiveImage("/demo/a.webp", [384, 640])).toEqual({ src: "/img/640/demo/a.webp", srcSet: "/img/384/demo/a.webp 384w,/img/640/demo/a.webp 640w" });
    expect(responsiveImage("https://utfs.io/f/x", [384]).srcSet).toBe(`/_next/image?url=${encodeURIComponent("https://utfs.io/f/x")}&w=384&q=75 384w`);
  });
});
