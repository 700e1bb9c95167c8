/**
 * Realistic never-seen search terms for the bench: what shoppers
 * type into a shop's search box rather than a fixed grid of words.
 *
 * - Two words, each mostly a word of the catalogue's product names (both the
 *   demo catalogue's and the generated 10,000's), else an everyday word no
 *   product has ("gift", "rustic"). A random pair of catalogue words rarely
 *   names one product, so most terms match nothing: the "nothing found" path,
 *   its typo corrections and "Did you mean …?" are timed as often as shoppers
 *   cause them.
 * - A word in four is a plural ("bowls", "boxes").
 * - A term in three carries one typo in one of its words of four letters or
 *   more: a wrong, missing, doubled or swapped letter.
 * - Seven terms in ten use the default order; the rest another sort.
 *
 * Deterministic (a seeded generator), and without repeats: the n-th term is
 * the same in every run, and no term comes twice in the sequence.
 */

import { seededRandom } from "./seeded-random";

const CATALOGUE_WORDS = (
  "walnut maple cherry bowl oak table set jig burl white wall stool square shelf round pair edge drilling drawer depth " +
  "cutting box board bench ash work vase trio tray track tool three tag stop stock step stand spoon spalted slimline six " +
  "shaker serving segmented saw sanding salad saddle router ring precision pocket plunge planter pin phone pen opener " +
  "nesting natural mirror milking marking live legged layout lamp ladder key jewellery installation house hollow hole " +
  "holder hinge handles hall guide grippers grain gauge fruit front form floating finder figured festool featherboard " +
  "entryway end dual drill dowel dip cooking cookie contour console concealed compatible coffee coaster clock clamps " +
  "circle centre cedar candle caliper butter bud bottle bookshelf block black bit bird bedside base ambrosia " +
  // the generated catalogue's names (lib/startup/seed.ts)
  "hard olive sapele hickory birch side keepsake clamp pad petg asa carbon small medium large wide tall compact center"
).split(" ");

const EVERYDAY_WORDS = (
  "gift kitchen modern rustic handmade christmas birthday wedding vintage personalized engraved cheap best dad mom " +
  "farmhouse minimalist desk outdoor garden present anniversary office bathroom nursery kids organizer storage decor " +
  "wooden timber reclaimed live-edge heirloom sale new"
).split(" ");

const SORTS = ["newest", "price-low", "price-high", "popular"];

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function plural(word: string): string {
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** One edit: a wrong, missing, doubled or swapped letter (never the first letter, as on a phone). */
function typo(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 1));
  const letter = LETTERS[Math.floor(random() * LETTERS.length)];
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + (letter === word[i] ? LETTERS[(LETTERS.indexOf(letter) + 1) % 26] : letter) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return i < word.length - 1 && word[i] !== word[i + 1] ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word.slice(0, i) + word.slice(i + 1);
  }
}

/** The first `count` listing targets (`/shop?search=…[&sort=…]`) of the sequence for `seed`, all distinct. */
export function realisticSearches(count: number, seed = 32): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const seen = new Set<string>();
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const words = [random() < 0.85 ? pick(CATALOGUE_WORDS) : pick(EVERYDAY_WORDS), random() < 0.6 ? pick(CATALOGUE_WORDS) : pick(EVERYDAY_WORDS)].map((w) => (random() < 0.25 ? plural(w) : w));
    if (words[0] === words[1]) continue;
    if (random() < 1 / 3) {
      const long = words.flatMap((w, i) => (w.length >= 4 ? [i] : []));
      if (long.length) {
        const i = pick(long);
        words[i] = typo(words[i], random);
      }
    }
    const sort = random() < 0.7 ? null : pick(SORTS);
    const target = `/shop?search=${words.map(encodeURIComponent).join("+")}${sort ? `&sort=${sort}` : ""}`;
    if (seen.has(target)) continue;
    seen.add(target);
    out.push(target);
  }
  return out;
}
