import { createContentSecurityPolicy, nosecone, type CspDirectives } from "nosecone";

/**
 * The shop's security headers, set on every response from next.config.ts
 * (one place). Built with nosecone (a maintained header-policy library);
 * Permissions-Policy, which nosecone does not cover, is the one string
 * written here.
 *
 * The CSP has no per-request nonce: catalogue pages are cached HTML shared
 * by every visitor, so scripts are allowed from 'self' and inline (Next.js
 * inlines its RSC payload), never from other origins except Stripe.js.
 */
const STRIPE_SCRIPT = ["https://js.stripe.com", "https://*.js.stripe.com"] as const;
const STRIPE_FRAMES = [...STRIPE_SCRIPT, "https://hooks.stripe.com"] as const;
const VIDEO_FRAMES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;
const MAP_FRAMES = ["https://www.openstreetmap.org"] as const;
/** Remote images next/image may load (next.config.ts images.remotePatterns) and Stripe's card brand icons. */
const REMOTE_IMAGES = ["https://utfs.io", "https://*.ufs.sh", "https://i.ytimg.com", "https://vumbnail.com", "https://*.stripe.com"] as const;
/** Vercel's preview toolbar (comments, feedback) on preview deployments only. */
const VERCEL_LIVE = ["https://vercel.live"] as const;

export type SecurityHeaderOptions = { siteUrl?: string; dev?: boolean; vercelPreview?: boolean };

export function contentSecurityPolicy({ siteUrl, dev = false, vercelPreview = false }: SecurityHeaderOptions): string {
  const preview = vercelPreview ? VERCEL_LIVE : [];
  const directives: CspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'", ...(dev ? (["'unsafe-eval'"] as const) : []), ...STRIPE_SCRIPT, ...preview],
    styleSrc: ["'self'", "'unsafe-inline'", ...preview],
    imgSrc: ["'self'", "data:", "blob:", ...REMOTE_IMAGES, ...(vercelPreview ? (["https://vercel.live", "https://vercel.com"] as const) : [])],
    fontSrc: ["'self'", "data:", ...(vercelPreview ? (["https://vercel.live", "https://assets.vercel.com"] as const) : [])],
    connectSrc: ["'self'", "https://api.stripe.com", ...(vercelPreview ? (["https://vercel.live", "wss://ws-us3.pusher.com"] as const) : [])],
    frameSrc: [...STRIPE_FRAMES, ...VIDEO_FRAMES, ...MAP_FRAMES, ...preview],
    mediaSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: Boolean(siteUrl?.startsWith("https://")),
  };
  return createContentSecurityPolicy({ directives })[1];
}

const quoted = (origins: readonly string[]) => origins.map((o) => `"${o}"`).join(" ");

/** Features the shop never uses are off; the embedded video players keep playback and full screen; Stripe may use the Payment Request API. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "ambient-light-sensor=()",
  `autoplay=(self ${quoted(VIDEO_FRAMES)})`,
  "bluetooth=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  `encrypted-media=(self ${quoted(VIDEO_FRAMES)})`,
  `fullscreen=(self ${quoted(VIDEO_FRAMES)})`,
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  `payment=(self ${quoted(STRIPE_SCRIPT.slice(0, 1))})`,
  `picture-in-picture=(self ${quoted(VIDEO_FRAMES)})`,
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** Every header, as next.config.ts `headers()` wants them. */
export function securityHeaders(opts: SecurityHeaderOptions): Array<{ key: string; value: string }> {
  const https = Boolean(opts.siteUrl?.startsWith("https://"));
  const headers = nosecone({
    contentSecurityPolicy: false, // set below, with our directives
    crossOriginEmbedderPolicy: false, // would block the video and map iframes and remote images
    crossOriginResourcePolicy: false, // product images may be embedded by sites people share them on
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    referrerPolicy: { policy: ["strict-origin-when-cross-origin"] },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: "deny" },
  });
  const list = [...headers.entries()].map(([key, value]) => ({ key, value }));
  list.push({ key: "content-security-policy", value: contentSecurityPolicy(opts) });
  list.push({ key: "permissions-policy", value: PERMISSIONS_POLICY });
  return list;
}
