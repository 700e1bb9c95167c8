/**
 * Draws the demo catalogue's pictures (no network, no fonts): every
 * /demo/products/<slug>-<n>.webp and /demo/categories/<slug>.webp named in
 * prisma/seed/catalog.ts, plus /demo/fallback.webp. Deterministic: a PRNG
 * seeded by the slug, so re-running writes the same files.
 *   npx tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { seedCategories, seedProducts } from "@/prisma/seed/catalog";

const W = 1200;
const H = 900;
const PRINTED_CATEGORIES = new Set(["jigs-and-fixtures", "printed-tools"]);

function rng(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

type Wood = { light: string; mid: string; dark: string; blotch?: boolean };
const WOODS: Array<[RegExp, Wood]> = [
  [/walnut/i, { light: "#8a5a3b", mid: "#5e3b25", dark: "#3a2416" }],
  [/cherry|mahogany|sapele/i, { light: "#c9815a", mid: "#a35a38", dark: "#6e3520" }],
  [/spalted|burl/i, { light: "#eadbbd", mid: "#cdb48a", dark: "#3b3026", blotch: true }],
  [/oak|hickory|olive/i, { light: "#d9b57c", mid: "#b88d52", dark: "#7d5a2e" }],
  [/cedar/i, { light: "#d68f62", mid: "#b0643c", dark: "#7a3d22" }],
  [/maple|ash|birch|beech/i, { light: "#f1e1c2", mid: "#dcc49a", dark: "#b39466" }],
];
const DEFAULT_WOOD: Wood = { light: "#d2a673", mid: "#a97a47", dark: "#6f4a27" };
const woodFor = (name: string) => WOODS.find(([re]) => re.test(name))?.[1] ?? DEFAULT_WOOD;
const PLA = ["#e8772e", "#5b6770", "#1f8a8a", "#2b2b2b", "#c9c3b8"];

/** Wood-grain fill: gradient plus many thin wavy lines, clipped by the caller. */
function grain(id: string, wood: Wood, r: () => number, x: number, y: number, w: number, h: number, lines = 46) {
  let paths = "";
  for (let i = 0; i < lines; i++) {
    const yy = y + (i / lines) * h + r() * 8;
    const amp = 4 + r() * 14;
    const f = 1 + r() * 2.5;
    let d = `M${x - 20},${yy.toFixed(1)}`;
    for (let k = 0; k <= 12; k++) {
      const xx = x - 20 + ((w + 40) * k) / 12;
      d += ` L${xx.toFixed(1)},${(yy + Math.sin((k / 12) * Math.PI * f + i) * amp).toFixed(1)}`;
    }
    paths += `<path d="${d}" stroke="${i % 3 ? wood.mid : wood.dark}" stroke-opacity="${(0.25 + r() * 0.35).toFixed(2)}" stroke-width="${(1 + r() * 2.5).toFixed(1)}" fill="none"/>`;
  }
  let blotches = "";
  if (wood.blotch) {
    for (let i = 0; i < 10; i++) {
      let d = `M${(x + r() * w).toFixed(0)},${(y + r() * h).toFixed(0)}`;
      for (let k = 0; k < 5; k++) d += ` q${(r() * 120 - 60).toFixed(0)},${(r() * 80 - 40).toFixed(0)} ${(r() * 160 - 80).toFixed(0)},${(r() * 60 - 30).toFixed(0)}`;
      blotches += `<path d="${d}" stroke="${wood.dark}" stroke-width="2" fill="none" stroke-opacity="0.8"/>`;
    }
  }
  const defs = `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${wood.light}"/><stop offset="0.55" stop-color="${wood.mid}"/><stop offset="1" stop-color="${wood.light}"/></linearGradient>`;
  return { defs, body: `<rect x="${x - 20}" y="${y - 20}" width="${w + 40}" height="${h + 40}" fill="url(#${id})"/>${paths}${blotches}` };
}

/** Silhouette of a wood piece, as an SVG path/shape string centred at (cx, cy) with scale s. */
function woodShape(name: string, cx: number, cy: number, s: number): string {
  const n = name.toLowerCase();
  const rect = (x: number, y: number, w: number, h: number, rx = 8) => `<rect x="${cx + x * s}" y="${cy + y * s}" width="${w * s}" height="${h * s}" rx="${rx * s}"/>`;
  if (/bowl|vessel|vase|planter/.test(n))
    return `<path d="M${cx - 260 * s},${cy - 60 * s} Q${cx},${cy - 110 * s} ${cx + 260 * s},${cy - 60 * s} Q${cx + 230 * s},${cy + 170 * s} ${cx},${cy + 180 * s} Q${cx - 230 * s},${cy + 170 * s} ${cx - 260 * s},${cy - 60 * s}Z"/>`;
  if (/lamp|candle/.test(n))
    return (
      rect(-40, -40, 80, 220, 10) +
      `<path d="M${cx - 170 * s},${cy - 40 * s} L${cx - 100 * s},${cy - 220 * s} L${cx + 100 * s},${cy - 220 * s} L${cx + 170 * s},${cy - 40 * s}Z"/>` +
      rect(-120, 170, 240, 30)
    );
  if (/stool|table|bench|desk/.test(n)) return rect(-260, -120, 520, 50) + rect(-230, -80, 40, 260, 4) + rect(190, -80, 40, 260, 4) + rect(-150, -80, 34, 220, 4) + rect(116, -80, 34, 220, 4);
  if (/shelf|bookshelf|rack|ladder/.test(n)) return rect(-240, -200, 30, 400, 4) + rect(210, -200, 30, 400, 4) + rect(-240, -140, 480, 30) + rect(-240, 0, 480, 30) + rect(-240, 140, 480, 30);
  if (/clock|mirror|coaster|trivet/.test(n)) return `<circle cx="${cx}" cy="${cy}" r="${210 * s}"/>`;
  if (/spoon|spatula|scoop|utensil/.test(n)) return `<ellipse cx="${cx - 170 * s}" cy="${cy}" rx="${110 * s}" ry="${75 * s}"/>` + rect(-80, -22, 360, 44, 22);
  if (/pen|opener|key|tag/.test(n)) return rect(-280, -30, 560, 60, 30);
  if (/box|chest|house/.test(n)) return rect(-220, -110, 440, 250, 10) + rect(-235, -150, 470, 50, 10);
  return rect(-300, -160, 600, 320, 28); // boards, trays, signs
}

/** A printed part: flat technical shapes in a filament colour. */
function printedShape(name: string, cx: number, cy: number, s: number, color: string): string {
  const n = name.toLowerCase();
  const hole = (x: number, y: number, r: number) => `<circle cx="${cx + x * s}" cy="${cy + y * s}" r="${r * s}" fill="#1b2631" fill-opacity="0.85"/>`;
  const rect = (x: number, y: number, w: number, h: number, rx = 10) => `<rect x="${cx + x * s}" y="${cy + y * s}" width="${w * s}" height="${h * s}" rx="${rx * s}" fill="${color}"/>`;
  if (/square|angle|corner/.test(n)) return rect(-250, -200, 90, 400) + rect(-250, 110, 480, 90) + hole(-205, -120, 16) + hole(150, 155, 16);
  if (/featherboard|comb/.test(n))
    return (
      rect(-260, -40, 300, 140) +
      Array.from({ length: 9 }, (_, i) => rect(40 + i * 0, -40 + i * 0, 0, 0)).join("") +
      Array.from(
        { length: 9 },
        (_, i) => `<rect x="${cx + (40 + i * 26) * s}" y="${cy - (80 + i * 6) * s}" width="${14 * s}" height="${200 * s}" fill="${color}" transform="rotate(-25 ${cx + 40 * s} ${cy})"/>`,
      ).join("")
    );
  if (/gauge|ruler|rule|caliper|scale/.test(n))
    return (
      rect(-320, -60, 640, 120, 8) +
      Array.from({ length: 31 }, (_, i) => `<rect x="${cx + (-300 + i * 20) * s}" y="${cy - 60 * s}" width="${3 * s}" height="${(i % 5 ? 28 : 52) * s}" fill="#1b2631"/>`).join("")
    );
  if (/clamp/.test(n)) return rect(-220, -200, 80, 400) + rect(-220, -200, 400, 80) + rect(-220, 120, 400, 80) + rect(120, -120, 40, 110, 6);
  if (/sanding|block|pad/.test(n)) return rect(-240, -90, 480, 180, 40) + rect(-240, 50, 480, 40, 6);
  if (/dowel|drill|bit|pin|hinge|jig|guide/.test(n)) return rect(-260, -130, 520, 260, 18) + [-170, -60, 60, 170].map((x, i) => hole(x, -20, 18 + i * 5)).join("") + rect(-260, 100, 520, 60, 8);
  return rect(-240, -160, 140, 320) + rect(-240, 60, 460, 100) + hole(-170, -90, 18) + hole(130, 110, 18);
}

function svg(defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}<filter id="sh" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="18" stdDeviation="18" flood-opacity="0.35"/></filter></defs>${body}</svg>`;
}

function woodImage(slug: string, name: string, view: number): string {
  const r = rng(`${slug}:${view}`);
  const wood = woodFor(name);
  const backgrounds = ["#efe6d8", "#e3d3bd", "#d9dfe0", "#f4efe7"];
  if (view === 3) {
    const g = grain("g", wood, r, 0, 0, W, H, 90);
    return svg(g.defs, g.body);
  }
  const bg = backgrounds[(view + Math.floor(r() * 4)) % backgrounds.length];
  const g = grain("g", wood, r, 0, 0, W, H, 70);
  const cx = W / 2 + (view === 2 ? 60 : 0);
  const cy = H / 2 + (view === 4 ? -40 : 10);
  const shape = woodShape(name, cx, cy, view === 2 ? 1.05 : 1.15);
  const rot = view === 2 ? `rotate(-8 ${cx} ${cy})` : "";
  const bench =
    view === 4
      ? (() => {
          const b = grain("b", DEFAULT_WOOD, r, 0, 620, W, 280, 20);
          const shavings = Array.from(
            { length: 14 },
            () => `<path d="M${(r() * W).toFixed(0)},${(660 + r() * 220).toFixed(0)} q20,-30 40,0 q-10,22 -30,6" stroke="${wood.light}" stroke-width="5" fill="none"/>`,
          ).join("");
          return { defs: b.defs, body: `<g>${b.body}</g>${shavings}` };
        })()
      : { defs: "", body: "" };
  const light = `<radialGradient id="l" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  return svg(
    g.defs + bench.defs + light + `<clipPath id="c" transform="${rot}">${shape}</clipPath>`,
    `<rect width="${W}" height="${H}" fill="${bg}"/><rect width="${W}" height="${H}" fill="url(#l)"/>${bench.body}` + `<g filter="url(#sh)"><g clip-path="url(#c)">${g.body}</g></g>`,
  );
}

function printedImage(slug: string, name: string, view: number): string {
  const r = rng(`${slug}:${view}`);
  const color = view === 2 ? "#8d969d" : PLA[Math.floor(r() * 3)];
  const mat = view === 4 ? "#2f6b4f" : r() > 0.5 ? "#1d3b5a" : "#2d3136";
  const gridLines = Array.from(
    { length: 25 },
    (_, i) => `<path d="M${i * 50},0 V${H}" stroke="#fff" stroke-opacity="${i % 5 ? 0.06 : 0.14}"/><path d="M0,${i * 50} H${W}" stroke="#fff" stroke-opacity="${i % 5 ? 0.06 : 0.14}"/>`,
  ).join("");
  if (view === 3) {
    const layers = Array.from({ length: 110 }, (_, i) => `<rect x="0" y="${i * 8.2}" width="${W}" height="5" fill="#000" fill-opacity="${(0.08 + r() * 0.06).toFixed(2)}"/>`).join("");
    return svg("", `<rect width="${W}" height="${H}" fill="${PLA[Math.floor(r() * 3)]}"/>${layers}<circle cx="${W * 0.62}" cy="${H * 0.5}" r="120" fill="#1b2631" fill-opacity="0.85"/>`);
  }
  const cx = W / 2 + (view === 2 ? -40 : 0);
  const cy = H / 2;
  const rot = view === 2 ? `rotate(10 ${cx} ${cy})` : "";
  return svg("", `<rect width="${W}" height="${H}" fill="${mat}"/>${gridLines}<g filter="url(#sh)" transform="${rot}">${printedShape(name, cx, cy, 1.4, color)}</g>`);
}

async function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(content)).webp({ quality: 70, effort: 5 }).toFile(file);
}

const out = (url: string) => path.join("public", url);
let count = 0;
let bytes = 0;
for (const p of seedProducts) {
  const printed = PRINTED_CATEGORIES.has(p.categorySlug);
  for (const [i, img] of p.images.entries()) {
    await write(out(img.url), printed ? printedImage(p.slug, p.name, i + 1) : woodImage(p.slug, p.name, i + 1));
    bytes += statSync(out(img.url)).size;
    count++;
  }
}
const CATEGORY_SUBJECT: Record<string, string> = {
  "wood-bowls": "walnut bowl",
  furniture: "oak stool",
  "home-decor": "cherry wall clock",
  accessories: "maple coaster",
  outdoor: "cedar planter",
  "jigs-and-fixtures": "dowel jig",
  "printed-tools": "marking gauge",
};
for (const c of seedCategories) {
  const subject = CATEGORY_SUBJECT[c.slug] ?? c.name;
  const content = PRINTED_CATEGORIES.has(c.slug) ? printedImage(c.slug, subject, 1) : woodImage(c.slug, subject, 1);
  await write(out(c.image), content);
  bytes += statSync(out(c.image)).size;
  count++;
}
await write("public/demo/fallback.webp", woodImage("fallback", "maple board", 3));
count++;
console.log(`wrote ${count} images, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
