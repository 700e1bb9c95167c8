/** Brand, contact details and shop-wide constants: the one place components read them from. */
export const site = {
  name: "Maple & Micron",
  tagline: "Handcrafted Wood & Precision 3D-Printed Tools",
  title: "Maple & Micron | Handcrafted Wood & Precision 3D-Printed Tools",
  description: "Handcrafted wood bowls, furniture and home decor, and precision 3D-printed jigs, fixtures and tools from a one-person workshop. Free shipping on orders over $100.",
  blurb: "One small workshop, two crafts: hand-turned and hand-built wood pieces, and precision 3D-printed jigs, fixtures and tools designed at the same bench.",
  maker: "Sam Whitaker",
  address: { line1: "214 Mill Race Road", line2: "Unit 3", city: "Asheville", state: "NC", postalCode: "28801", country: "US" },
  phone: "(828) 555-0147",
  email: "hello@maplemicron.com",
  hours: "Mon–Fri, 9 am – 5 pm ET",
  mapEmbedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=-82.5635%2C35.5850%2C-82.5435%2C35.5990&layer=mapnik&marker=35.5920%2C-82.5535",
  // `icon`: the footer's brand mark, a CSS icon (app/icons.css, scripts/generate-icon-css.tsx).
  social: [
    { label: "Instagram", href: "https://www.instagram.com/maplemicron", icon: "instagram" },
    { label: "YouTube", href: "https://www.youtube.com/@maplemicron", icon: "youtube" },
    { label: "Facebook", href: "https://www.facebook.com/maplemicron", icon: "facebook" },
  ],
  copyrightYear: 2024,
  fallbackImage: "/demo/fallback.webp",
} as const;

/** Terms (spec §2): a 30-day return window from delivery, custom items non-returnable, the customer pays return shipping. */
export const RETURN_WINDOW_DAYS = 30;

/** Brand colours for the icons, the web manifest and the browser UI (app/globals.css --primary and --background). */
export const BRAND_COLORS = { primary: "#864821", background: "#fcfaf6", micron: "#d16022", foreground: "#2a1b11" } as const;

/** Spec §9 listing and query sizes. */
export const PAGE_SIZE = 12;
export const RELATED_LIMIT = 4;
export const FEATURED_LIMIT = 8;
export const MAX_API_LIMIT = 100;
/** Largest `offset` GET /api/products accepts: deeper than any real catalogue, small enough to stay a cheap query. */
export const MAX_API_OFFSET = 10_000;
export const PAGINATION_BUTTONS = 5;
export const META_DESCRIPTION_MAX = 160;

/** How often the newsletter comes: the one wording the footer, checkout, the confirm page and the confirmation email use. */
export const NEWSLETTER_FREQUENCY = "about once a month";
