import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import sharp from "sharp";
import { resolveUploadPath, UPLOADS_URL_PREFIX } from "@/lib/storage/local-disk";
import { BRAND_COLORS, site } from "@/lib/site";
import { brandMarkSvg } from "@/lib/seo/brand-mark";
import { OG_SIZE } from "@/lib/seo/og-image-size";
import { siteUrl } from "@/lib/seo/url";

/**
 * Open Graph / Twitter cards (1200×630 PNG) drawn with next/og: the shop's
 * mark and name, a title, a line of detail (price, tagline) and, when it is
 * stored locally, the product's or category's main image. next/og draws with
 * its bundled font; text is kept to characters that font has, because a
 * missing glyph would make it fetch a font from the network.
 */
/** Crawlers may keep a card a day; a changed product shows its new card after that. */
const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400";

const PICTURE = { width: 520, height: OG_SIZE.height } as const;
const MARK = `data:image/svg+xml;base64,${Buffer.from(brandMarkSvg()).toString("base64")}`;

/** Printable Latin text and common typographic punctuation only (see above); anything else is dropped. */
export function ogText(text: string, max: number): string {
  const clean = text
    .replace(/[^\x20-\x7E\u00A0-\u017F\u2013\u2014\u2018\u2019\u201C\u201D\u2026\u00D7]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** The file behind a local image URL (public/ or the uploads folder), or null for remote URLs and anything odd. */
function localImageFile(url: string): string | null {
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("..") || url.includes("\0")) return null;
  const pathname = url.split(/[?#]/)[0];
  if (pathname.startsWith(`${UPLOADS_URL_PREFIX}/`)) return resolveUploadPath(pathname.slice(UPLOADS_URL_PREFIX.length + 1).split("/"));
  const publicDir = path.resolve("public");
  const file = path.resolve(publicDir, `.${pathname}`);
  return file.startsWith(publicDir + path.sep) ? file : null;
}

/** A locally stored image cropped to the card's picture area as a JPEG data URL (next/og cannot draw WebP), or null. */
async function pictureDataUrl(url: string | null | undefined): Promise<string | null> {
  const file = url ? localImageFile(url) : null;
  if (!file) return null;
  try {
    const jpeg = await sharp(await readFile(file))
      .resize(PICTURE.width, PICTURE.height, { fit: "cover" })
      .jpeg({ quality: 80 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    return null;
  }
}

export type OgCard = { title: string; detail?: string; eyebrow?: string; image?: string | null };

export async function renderOgCard(card: OgCard): Promise<ImageResponse> {
  const picture = await pictureDataUrl(card.image);
  const title = ogText(card.title, 90);
  return new ImageResponse(
    <div style={{ display: "flex", width: "100%", height: "100%", background: BRAND_COLORS.background, color: BRAND_COLORS.foreground }}>
      {picture && (
        // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
        <img src={picture} width={PICTURE.width} height={PICTURE.height} style={{ objectFit: "cover" }} />
      )}
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", flex: 1, padding: "56px 64px" }}>
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text */}
          <img src={MARK} width={64} height={64} />
          <div style={{ fontSize: 36, fontWeight: 700, color: BRAND_COLORS.primary }}>{site.name}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
          {card.eyebrow && <div style={{ fontSize: 28, letterSpacing: 2, textTransform: "uppercase", color: BRAND_COLORS.micron }}>{ogText(card.eyebrow, 40)}</div>}
          <div style={{ fontSize: picture ? (title.length > 40 ? 52 : 64) : title.length > 40 ? 64 : 80, fontWeight: 700, lineHeight: 1.1 }}>{title}</div>
          {card.detail && <div style={{ fontSize: 40, color: BRAND_COLORS.primary, fontWeight: 700 }}>{ogText(card.detail, 80)}</div>}
        </div>
        <div style={{ fontSize: 26, color: BRAND_COLORS.foreground, opacity: 0.75 }}>{siteUrl().host}</div>
      </div>
    </div>,
    { ...OG_SIZE, headers: { "cache-control": CACHE_CONTROL } },
  );
}
