import { BRAND_COLORS } from "@/lib/site";

/**
 * The shop's mark as a standalone SVG (the growth-ring circle with the caliper tick of
 * components/layout/site-logo.tsx, in BRAND_COLORS): the source of the favicon and app icons
 * (scripts/generate-icons.ts) and of the share cards (lib/seo/og-card.tsx).
 * `box` is the canvas (the mark is drawn on a 32×32 grid), `scale` shrinks the mark around
 * the centre (maskable icons keep it inside the safe zone), `backdrop` fills the canvas.
 */
export function brandMarkSvg({ box = 32, scale = 1, backdrop }: { box?: number; scale?: number; backdrop?: string } = {}): string {
  const { primary, background, micron } = BRAND_COLORS;
  const offset = (box - 32 * scale) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" width="${box}" height="${box}">`,
    backdrop ? `<rect width="${box}" height="${box}" fill="${backdrop}"/>` : "",
    `<g transform="translate(${offset} ${offset}) scale(${scale})">`,
    `<circle cx="16" cy="16" r="15" fill="${primary}"/>`,
    `<circle cx="16" cy="16" r="10.5" fill="none" stroke="${background}" stroke-opacity="0.55" stroke-width="1.4"/>`,
    `<circle cx="16" cy="16" r="6" fill="none" stroke="${background}" stroke-opacity="0.75" stroke-width="1.4"/>`,
    `<circle cx="16" cy="16" r="1.8" fill="${background}"/>`,
    `<path d="M16 1v6" stroke="${micron}" stroke-width="2.2" stroke-linecap="round"/>`,
    `</g></svg>`,
  ].join("");
}
