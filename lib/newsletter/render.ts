import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "@/lib/email/templates";
import { site } from "@/lib/site";

/**
 * A newsletter as it is sent: subject, preheader, the maker's Markdown (markdown-it with raw
 * HTML off, then sanitize-html with an allow-list, so nothing but text formatting, links and
 * images with their alt text reaches the message), a grid of chosen products (image, name,
 * price, link) and a footer with a visible unsubscribe link. Rendered once per campaign; the
 * unsubscribe link is a placeholder filled in per recipient (UNSUBSCRIBE_PLACEHOLDER).
 * Pure (no database): the admin's preview shows exactly this HTML.
 */
export const UNSUBSCRIBE_PLACEHOLDER = "%%MM_UNSUBSCRIBE_URL%%";

export type GridProduct = { name: string; price: string; url: string; imageUrl: string | null; imageAlt: string | null };
export type CampaignContent = { subject: string; preheader: string; body: string; products: GridProduct[] };
export type RenderedCampaign = { html: string; text: string };

/** The sender's postal address, which CAN-SPAM asks every commercial email to carry. */
const POSTAL = `${site.name} · ${site.address.line1}, ${site.address.city}, ${site.address.state} ${site.address.postalCode}`;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "hr", "strong", "em", "s", "a", "ul", "ol", "li", "blockquote", "code", "pre", "img", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "title", "style"], img: ["src", "alt", "title", "width", "height"], th: ["align"], td: ["align"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  transformTags: {
    // Headings start at h2 (the message's title is its h1); every image carries alt text.
    h1: "h2",
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt?.trim() || "Image" } }),
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: "color:#8a4b1f" } }),
  },
  allowedStyles: { a: { color: [/^#[0-9a-f]{6}$/i] } },
};

/** The maker's Markdown as safe HTML (no scripts, no raw HTML, no javascript: links). */
export function markdownToSafeHtml(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE);
}

/** Images in the Markdown without a description: `![](…)` — the composer asks for one. */
export function imagesWithoutAlt(body: string): string[] {
  const found: string[] = [];
  const walk = (tokens: ReturnType<typeof markdown.parse>) => {
    for (const t of tokens) {
      if (t.type === "image" && !t.content.trim()) found.push(String(t.attrGet("src") ?? ""));
      if (t.children) walk(t.children);
    }
  };
  walk(markdown.parse(body, {}));
  return found;
}

/** Markdown as plain text: the text part of the message. */
function markdownToText(body: string): string {
  return body
    .replace(/\r\n/g, "\n")
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, "$1 ($2)")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/(^|[^*])\*([^*\n]+)\*/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .trim();
}

function productGridHtml(products: GridProduct[]): string {
  if (!products.length) return "";
  // The photo and the name are two links: an image whose alt text repeats its link's text says everything twice to a screen reader.
  const photoAlt = (p: GridProduct) => (p.imageAlt?.trim() && p.imageAlt.trim().toLowerCase() !== p.name.trim().toLowerCase() ? p.imageAlt.trim() : `Photo of ${p.name}`);
  const cell = (p: GridProduct) =>
    `<td class="mm-cell" width="50%" valign="top" style="padding:8px;width:50%">` +
    (p.imageUrl
      ? `<a href="${escapeHtml(p.url)}"><img src="${escapeHtml(p.imageUrl)}" alt="${escapeHtml(photoAlt(p))}" width="244" style="display:block;width:100%;max-width:244px;height:auto;border-radius:6px;border:0"></a>`
      : "") +
    `<a href="${escapeHtml(p.url)}" style="display:block;margin-top:8px;font-weight:bold;color:#2b2118">${escapeHtml(p.name)}</a>` +
    `<span style="display:block;color:#5c4a3a">$${escapeHtml(p.price)}</span></td>`;
  const rows: string[] = [];
  for (let i = 0; i < products.length; i += 2) {
    const pair = products.slice(i, i + 2);
    rows.push(`<tr>${pair.map(cell).join("")}${pair.length === 1 ? '<td class="mm-cell" width="50%" style="width:50%"></td>' : ""}</tr>`);
  }
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">${rows.join("")}</table>`;
}

/** The whole message (HTML and text), with UNSUBSCRIBE_PLACEHOLDER where each recipient's link goes. */
export function renderCampaign(content: CampaignContent): RenderedCampaign {
  const bodyHtml = markdownToSafeHtml(content.body);
  const footerText = `You're getting this because you subscribed to the ${site.name} newsletter.`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title>
<style>@media (max-width:480px){.mm-cell{display:block!important;width:100%!important}}</style></head>
<body style="margin:0;font-family:Georgia,serif;background:#faf7f2;color:#2b2118;padding:16px">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</div>
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #eadfce;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:14px;color:#5c4a3a">${escapeHtml(site.name)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.subject)}</h1>
${bodyHtml}
${productGridHtml(content.products)}
<hr style="border:0;border-top:1px solid #eadfce;margin:24px 0 12px">
<p style="color:#5c4a3a;font-size:13px;margin:0">${escapeHtml(footerText)} <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#8a4b1f">Unsubscribe</a> in one click.</p>
<p style="color:#5c4a3a;font-size:13px;margin:8px 0 0">${escapeHtml(POSTAL)}</p>
</div></body></html>`;
  const grid = content.products.map((p) => `- ${p.name} — $${p.price}\n  ${p.url}`);
  const text = [content.subject, "", markdownToText(content.body), ...(grid.length ? ["", ...grid] : []), "", "—", footerText, `Unsubscribe in one click: ${UNSUBSCRIBE_PLACEHOLDER}`, POSTAL].join(
    "\n",
  );
  return { html, text };
}

/** One recipient's copy: their unsubscribe link in place of the placeholder. */
export function personalise(rendered: RenderedCampaign, unsubscribeUrl: string): RenderedCampaign {
  return { html: rendered.html.split(UNSUBSCRIBE_PLACEHOLDER).join(escapeHtml(unsubscribeUrl)), text: rendered.text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl) };
}
