import { DEFAULT_SORT, type SortValue } from "@/lib/catalog/sort";
import { parseListingQuery } from "@/lib/catalog/listing-query.mjs";

/**
 * Pure catalogue rules, safe for client components (no zod here, so it does
 * not weigh on every page's JavaScript). Validation schemas: ./schemas.ts.
 */

export { SORT_VALUES } from "@/lib/catalog/sort";

/** Spec §5 slug rule: lowercase, spaces to hyphens, anything but a-z 0-9 and hyphens removed. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Listing state that lives in the URL of /shop pages, from the searchParams Next hands the page:
 * the one parse of a listing request (lib/catalog/listing-url.mjs parseListingQuery; lenient: bad
 * values fall back to defaults, a repeated parameter counts by its last value, the term is normalised
 * by lib/search/words.mjs). `sort` is undefined for the default order.
 */
export function parseListingParams(params: Record<string, string | string[] | undefined>): { search: string; sort: SortValue | undefined; page: number } {
  const { term, sort, page } = parseListingQuery(params);
  return { search: term, sort: sort === DEFAULT_SORT ? undefined : sort, page };
}

export { paginationWindow } from "@/lib/catalog/pagination";

/** Cut a meta description to the spec's 160 characters on a word boundary, with an ellipsis when cut. */
export function truncateMeta(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[.,;:\s]+$/, "")}…`;
}

/** YouTube / Vimeo: the embed URL and thumbnail derived from a watch URL; null for anything else. */
export function parseVideoUrl(url: string | null | undefined): { provider: "youtube" | "vimeo"; id: string; embedUrl: string; thumbnailUrl: string | null } | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = parsed.searchParams.get("v") ?? /^\/(?:embed|shorts|live)\/([\w-]{11})/.exec(parsed.pathname)?.[1] ?? null;
  } else if (host === "youtu.be") {
    id = parsed.pathname.slice(1, 12);
  }
  if (id && /^[\w-]{11}$/.test(id)) {
    return {
      provider: "youtube",
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeoId = /(\d{6,12})/.exec(parsed.pathname)?.[1];
    if (vimeoId) {
      return { provider: "vimeo", id: vimeoId, embedUrl: `https://player.vimeo.com/video/${vimeoId}`, thumbnailUrl: `https://vumbnail.com/${vimeoId}.jpg` };
    }
  }
  return null;
}

export const VIDEO_URL_MESSAGE = "Video URL must be a YouTube or Vimeo link";
