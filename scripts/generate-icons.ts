/**
 * Draws the shop's icons from its SVG mark (lib/seo/brand-mark.ts) with sharp, and writes the small files that are committed:
 *
 *   app/icon.svg          favicon for browsers that take SVG
 *   app/favicon.ico       16, 32 and 48 px (PNG entries) for the rest and /favicon.ico
 *   app/apple-icon.png    180 px apple-touch icon (opaque: iOS fills transparency with black)
 *   public/icons/icon-192.png, icon-512.png                    manifest icons, purpose "any"
 *   public/icons/maskable-192.png, maskable-512.png            manifest icons, purpose "maskable"
 *                                                               (mark inside the 80 % safe zone on a full background)
 *
 * Run after changing the mark or the colours: `npx tsx scripts/generate-icons.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { brandMarkSvg } from "@/lib/seo/brand-mark";
import { BRAND_COLORS } from "@/lib/site";

const { background } = BRAND_COLORS;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 32) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file whose images are PNGs (the ICO format allows PNG entries; every current browser reads them). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

async function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const out = (file: string, data: Buffer | string) => {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
    console.log(`${file} (${Buffer.byteLength(data)} bytes)`);
  };

  const mark = brandMarkSvg();
  out("app/icon.svg", `${mark}\n`);
  out("app/favicon.ico", ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(mark, size) })))));
  // Opaque, with a margin, as iOS shows it in a rounded square.
  out("app/apple-icon.png", await png(brandMarkSvg({ box: 40, backdrop: background }), 180));
  for (const size of [192, 512]) {
    out(`public/icons/icon-${size}.png`, await png(mark, size));
    // Maskable: the mark within the central 80 % circle (Android may crop to a circle), background to the edges.
    out(`public/icons/maskable-${size}.png`, await png(brandMarkSvg({ box: 32, scale: 0.72, backdrop: background }), size));
  }
}

await main();
