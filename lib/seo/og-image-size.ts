/** Open Graph / Twitter card size and type (what lib/seo/og-card.tsx draws). */
export const OG_SIZE = { width: 1200, height: 630 } as const;
export const OG_CONTENT_TYPE = "image/png";
