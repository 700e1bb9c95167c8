/**
 * The Maple & Micron demo catalogue: what a fresh install shows before the
 * owner adds real products. Loaded by lib/startup/seed.ts (`npm run db:seed`);
 * the pictures are drawn by scripts/generate-demo-images.ts into
 * public/demo/ (one file per `images[].url` below).
 *
 * Prices are strings with two decimals (they go straight into Decimal(10,2)).
 * `createdDaysAgo` and `salesCount` only exist so the "newest" and "popular"
 * sorts have something meaningful to order.
 */

export type SeedCategory = {
  name: string;
  slug: string;
  description: string;
  image: string;
  sortOrder: number;
  active: boolean;
};

export type SeedProductImage = { url: string; width: number; height: number; alt: string };

export type SeedProduct = {
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  price: string;
  categorySlug: string;
  images: SeedProductImage[];
  videoUrl?: string;
  featured?: boolean;
  uniqueItem?: boolean;
  /** In stock: units ready to ship (absent: one of a kind, or made to order). */
  stock?: number;
  /** Made to order (or on backorder): working days; absent: the shop's default lead time. */
  leadTimeMinDays?: number;
  leadTimeMaxDays?: number;
  allowBackorder?: boolean;
  /** A product with variants (lib/catalog/variants.ts): what it is chosen by, and each combination. */
  options?: Array<{ name: string; values: string[] }>;
  variants?: SeedVariant[];
  sold?: boolean;
  showInGallery?: boolean;
  active?: boolean;
  seoTitle?: string;
  seoDescription?: string;
  salesCount: number;
  createdDaysAgo: number;
};

/** One combination of a product's options: its SKU, price, count (absent: made to order) and lead time, and which of the product's images shows it (1-based). */
export type SeedVariant = {
  sku: string;
  values: string[];
  price: string;
  stock?: number;
  allowBackorder?: boolean;
  leadTimeMinDays?: number;
  leadTimeMaxDays?: number;
  image?: number;
};

/** The shop's slug rule: lowercase, spaces to hyphens, only a-z 0-9 and hyphens. */
export function toSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 900;

export const demoProductImageUrl = (slug: string, n: number) => `/demo/products/${slug}-${n}.webp`;
export const demoCategoryImageUrl = (slug: string) => `/demo/categories/${slug}.webp`;

const category = (sortOrder: number, name: string, slug: string, description: string, active = true): SeedCategory => ({
  name,
  slug,
  description,
  image: demoCategoryImageUrl(slug),
  sortOrder,
  active,
});

export const seedCategories: SeedCategory[] = [
  category(
    0,
    "Wood Bowls",
    "wood-bowls",
    "Hand-turned bowls from locally salvaged hardwoods, finished with food-safe oils and wax. Many are one-of-a-kind pieces cut from burls, crotches and spalted logs.",
  ),
  category(
    1,
    "Furniture",
    "furniture",
    "Solid-wood tables, stools, benches and shelves built with traditional joinery: mortise and tenon, hand-cut dovetails and wedged through-tenons. Made to order, plus the occasional one-off live-edge piece.",
  ),
  category(
    2,
    "Home Decor",
    "home-decor",
    "Clocks, lamps, mirrors, boards and boxes that bring warm timber into everyday rooms. Made in small batches from the best offcuts of the furniture work, so good wood never goes to waste.",
  ),
  category(
    3,
    "3D-Printed Jigs & Fixtures",
    "jigs-and-fixtures",
    "Jigs and fixtures designed in CAD, printed in PETG and ASA, and checked against a calibrated square and calipers before they ship. They take the fiddle out of repetitive setups: dowelling, hinge boring, shelf pins and square cuts.",
  ),
  category(
    4,
    "Printed Tools",
    "printed-tools",
    "Layout, measuring and sanding tools printed to tight tolerances for woodworkers and makers. Light, inexpensive and easy to replace, with brass inserts wherever a thread has to last.",
  ),
  category(
    5,
    "Accessories",
    "accessories",
    "Small things for the kitchen, the desk and the shop: coasters, spoons, pens, openers and our own board butter. Good gifts, and an easy way to try our work.",
  ),
  category(
    6,
    "Outdoor Pieces",
    "outdoor",
    "Planters and bird houses in western red cedar and white oak, built to weather gracefully outside. Paused for now while the designs are reworked for next season.",
    false,
  ),
];

type ImageKind = "wood" | "printed";

/** Alt texts follow the views drawn by scripts/generate-demo-images.ts. */
function demoImages(slug: string, name: string, count: number, kind: ImageKind, alts?: string[]): SeedProductImage[] {
  const templates =
    kind === "wood"
      ? [name, `${name} from another angle`, `Close-up of the grain on the ${name}`, `${name} on the workshop bench`]
      : [name, `${name} printed in grey`, `Close-up of the print layers on the ${name}`, `${name} on the cutting mat`];
  return Array.from({ length: count }, (_, i) => ({
    url: demoProductImageUrl(slug, i + 1),
    width: DEMO_IMAGE_WIDTH,
    height: DEMO_IMAGE_HEIGHT,
    alt: alts?.[i] ?? templates[i],
  }));
}

type ProductInput = Omit<SeedProduct, "slug" | "images" | "description"> & {
  description: string[];
  imageCount: number;
  kind: ImageKind;
  alts?: string[];
};

function product(input: ProductInput): SeedProduct {
  const { imageCount, kind, alts, description, ...rest } = input;
  const slug = toSlug(input.name);
  return { ...rest, slug, description: description.join("\n\n"), images: demoImages(slug, input.name, imageCount, kind, alts) };
}

const bowls: SeedProduct[] = [
  product({
    name: "Black Walnut Salad Bowl",
    categorySlug: "wood-bowls",
    price: "165.00",
    shortDescription: "A 30 cm air-dried black walnut bowl with a food-safe tung oil finish, sized for family salads.",
    description: [
      "Turned from a single piece of air-dried black walnut from a storm-felled tree in the Ottawa Valley, this salad bowl is 30 cm across and 11 cm deep: big enough to toss greens for six. The walls are an even 8 mm thick, so it is light in the hand but stable through the seasons.",
      "It is finished with three coats of polymerised tung oil and a final buff of beeswax and carnauba, all food safe once cured. The creamy sapwood along the rim contrasts with the chocolate heartwood, and no two bowls share the same figure.",
      "Care: wash by hand in warm soapy water and dry straight away; never put it in the dishwasher or leave it soaking. A wipe of board butter every month or two keeps the colour deep.",
    ],
    featured: true,
    seoTitle: "Black Walnut Salad Bowl, hand-turned 30 cm | Maple & Micron",
    seoDescription: "Hand-turned 30 cm black walnut salad bowl with a food-safe tung oil and beeswax finish. Made in our workshop from air-dried, storm-felled walnut.",
    salesCount: 64,
    createdDaysAgo: 210,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Spalted Maple Burl Bowl",
    categorySlug: "wood-bowls",
    price: "285.00",
    shortDescription: "One-of-a-kind spalted maple burl bowl with dramatic black zone lines and a natural rim.",
    description: [
      "A single bowl turned from a spalted silver maple burl. The fungus that began to colonise the log drew fine black zone lines through the creamy wood, and the burl adds clusters of tiny eyes around the rim. It measures about 24 cm across and 9 cm tall.",
      "Spalted wood is turned green, dried slowly in a paper bag for four months, then returned to the lathe for the final cuts. The softer patches are stabilised with thin cyanoacrylate before sanding to 600 grit, and the finish is a hard-wax oil. It is food safe once cured, but we suggest it for dry foods, keys, or simply display.",
      "You can watch this very bowl being turned, from rough blank to finishing cut, in the video on this page. Only one exists.",
    ],
    videoUrl: "https://www.youtube.com/watch?v=Xq3vK8pZr2M",
    featured: true,
    uniqueItem: true,
    salesCount: 0,
    createdDaysAgo: 12,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Cherry Nesting Bowl Set",
    categorySlug: "wood-bowls",
    price: "210.00",
    shortDescription: "Three cored black cherry bowls (14, 18 and 23 cm) from one blank, so the grain carries through the set.",
    description: [
      "Three bowls cored from one black cherry blank, 14, 18 and 23 cm across, each cut from inside the next so the grain flows from bowl to bowl when they are stacked. Cherry starts a warm salmon pink and mellows to a deep reddish brown within a year of daylight.",
      "Finished with food-safe walnut oil and beeswax (not suitable for people with tree-nut allergies; ask us for a mineral-oil finish instead). Use them for serving, prep, or leave them nested on the counter.",
      "Hand wash only, dry them upright, and oil them when the surface starts to look pale.",
    ],
    salesCount: 27,
    createdDaysAgo: 95,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Figured Ash Fruit Bowl",
    categorySlug: "wood-bowls",
    price: "145.00",
    shortDescription: "A low 28 cm white ash fruit bowl with ribbon figure and a satin lacquer finish; one piece only.",
    description: [
      "A wide, low fruit bowl in white ash with a strong ribbon figure that shimmers as you turn it in the light. It is 28 cm in diameter and 8 cm tall, with a small foot and a gentle ogee profile that keeps the fruit from rolling out.",
      "Ash is open-grained and tough, the traditional timber for tool handles and hockey sticks. This bowl has a satin water-based lacquer that stands up to fruit acids and wipes clean with a damp cloth.",
      "The figure came from a single crotch section of the log, so this is the only bowl of its kind.",
    ],
    uniqueItem: true,
    salesCount: 0,
    createdDaysAgo: 40,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Maple Dip Bowl Pair",
    categorySlug: "wood-bowls",
    price: "48.00",
    shortDescription: "Two 11 cm hard maple bowls for dips, olives, nuts and salt.",
    description: [
      "Two small bowls in hard maple, each 11 cm across and 5 cm deep: the right size for hummus, olives, nuts or a pinch bowl of flaky salt by the stove. Hard maple is dense and close-grained, so it does not take on flavours or stain easily.",
      "They are finished with food-grade mineral oil and beeswax. Wash by hand, towel dry and re-oil now and then. Sold as a pair; the grain on each is different.",
    ],
    salesCount: 112,
    createdDaysAgo: 300,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Oak Burl Natural Edge Bowl",
    categorySlug: "wood-bowls",
    price: "240.00",
    shortDescription: "A natural-edge bowl from a red oak burl, keeping the bark line as its rim.",
    description: [
      "Turned from a red oak burl with the bark line left as the rim, so the top of the bowl follows the outside of the tree. It is 26 cm at its widest and 12 cm tall, with wings that rise and fall around the edge.",
      "Natural-edge bowls are turned in one go from wet wood, then allowed to warp as they dry, which is why the rim is slightly oval. Finished with a hard-wax oil and buffed.",
      "This piece has found a home; it stays in the gallery as an example of the natural-edge work. Commissions from similar burls are welcome.",
    ],
    uniqueItem: true,
    sold: true,
    showInGallery: true,
    salesCount: 1,
    createdDaysAgo: 260,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Walnut and Maple Segmented Bowl",
    categorySlug: "wood-bowls",
    price: "320.00",
    shortDescription: "A segmented bowl of 12 rings in alternating walnut and hard maple, with a cherry feature ring.",
    description: [
      "Built from 12 rings of 16 segments each, cut at 11.25 degrees on a dedicated sled and glued ring by ring before turning. Walnut and hard maple alternate in a spiral, with a single feature ring of cherry just below the rim. Finished size: 25 cm across and 14 cm tall.",
      "Every joint is checked for gaps before the next ring goes on; the whole bowl took about 30 hours from first cut to final coat of lacquer.",
      "Sold to a collector in Kingston. It remains in the gallery, and a similar piece can be commissioned in your choice of woods.",
    ],
    uniqueItem: true,
    sold: true,
    showInGallery: true,
    salesCount: 1,
    createdDaysAgo: 330,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Cherry Burl Hollow Form",
    categorySlug: "wood-bowls",
    price: "260.00",
    shortDescription: "A small-opening hollow form from a black cherry burl, made for display.",
    description: [
      "A hollow form turned through a 3 cm opening with a hooked tool, leaving walls about 5 mm thick. The cherry burl is full of tight swirls and tiny pin knots, and the rich colour will keep deepening over the years.",
      "At 18 cm tall and 16 cm wide it is a display piece rather than a vessel for food; finished with shellac and paste wax.",
    ],
    uniqueItem: true,
    sold: true,
    salesCount: 1,
    createdDaysAgo: 150,
    imageCount: 2,
    kind: "wood",
  }),
];

const furniture: SeedProduct[] = [
  product({
    name: "Walnut Live-Edge Coffee Table",
    categorySlug: "furniture",
    price: "1400.00",
    shortDescription: "A single black walnut slab with maple bow-tie keys on a blackened steel base.",
    description: [
      "One slab of black walnut, 120 by 60 cm and 5 cm thick, with both live edges kept and the bark removed by hand. A natural check near one end is stabilised with two hard maple bow-tie keys, cut and fitted by hand.",
      "The slab was air-dried for four years, kiln-finished to 8% moisture, flattened on a router sled and sanded to 220 grit before three coats of hard-wax oil. It sits on a welded, blackened steel base, 42 cm high overall, attached with slotted fasteners so the wood can move with the seasons.",
      "The video on this page follows the slab from the sawmill to the finished table. Delivery within 150 km of the workshop is included; further afield we crate it.",
    ],
    videoUrl: "https://vimeo.com/824316590",
    featured: true,
    uniqueItem: true,
    seoTitle: "Walnut Live-Edge Coffee Table, one of a kind | Maple & Micron",
    seoDescription: "A one-of-a-kind black walnut live-edge coffee table with hand-fitted maple bow-tie keys and a blackened steel base. 120 x 60 cm, hard-wax oil finish.",
    salesCount: 0,
    createdDaysAgo: 25,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Shaker Step Stool in Cherry",
    leadTimeMinDays: 15,
    leadTimeMaxDays: 20,
    categorySlug: "furniture",
    price: "220.00",
    shortDescription: "A two-step Shaker stool in solid black cherry, with housed dados and a hand-rubbed oil finish.",
    description: [
      "A classic two-step Shaker stool in solid black cherry: 40 cm wide, 38 cm deep and 45 cm tall at the top step. The treads are housed in stopped dados and glued, and the sides have the traditional arched cut-out so the stool stands firmly even on an uneven floor.",
      "Finished with an oil-varnish blend rubbed out with a paper bag for a soft sheen. It holds well over 130 kg, so it is as happy in a kitchen as at a bookcase.",
      "Made to order in batches of four; allow three weeks.",
    ],
    featured: true,
    salesCount: 41,
    createdDaysAgo: 180,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "White Oak Floating Shelf",
    categorySlug: "furniture",
    price: "180.00",
    shortDescription: "A 90 cm quarter-sawn white oak shelf on a hidden steel bracket, rated to 25 kg.",
    description: [
      "A solid quarter-sawn white oak shelf, 90 cm long, 22 cm deep and 5 cm thick, bored from the back to slide over a concealed steel bracket. Quarter-sawing shows the oak's silvery ray fleck and keeps the board dead flat.",
      "The bracket mounts into two wall studs with the included 80 mm screws and holds up to 25 kg spread evenly. Finished in a matte water-based polyurethane that will not yellow.",
      "Custom lengths from 60 to 150 cm are available on request.",
    ],
    salesCount: 88,
    createdDaysAgo: 365,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Ash Three-Legged Milking Stool",
    categorySlug: "furniture",
    price: "195.00",
    shortDescription: "A 35 cm white ash stool with wedged through-tenons; three legs never wobble.",
    description: [
      "A low stool with a 30 cm round seat, 35 cm tall, in white ash. The legs are turned, then fitted into tapered mortises and wedged from above with contrasting walnut wedges, the same way chairmakers have done it for centuries.",
      "Three legs always sit firm on an uneven floor, which is why the design has stayed in barns, gardens and kitchens. The seat is gently dished with a scorp for comfort and finished with Danish oil.",
    ],
    salesCount: 23,
    createdDaysAgo: 120,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Maple Bedside Table with Drawer",
    leadTimeMinDays: 15,
    leadTimeMaxDays: 20,
    categorySlug: "furniture",
    price: "640.00",
    shortDescription: "A hard maple bedside table with a hand-dovetailed drawer and a lower shelf.",
    description: [
      "A bedside table in hard maple, 45 cm wide, 38 cm deep and 60 cm tall, with a single drawer and an open shelf below. The frame is joined with mortise and tenon throughout, and the drawer has hand-cut half-blind dovetails at the front and through dovetails at the back.",
      "The drawer runs on waxed hardwood runners, not metal slides, and the walnut pull is shaped by hand. Finished in a clear water-based lacquer that keeps maple pale rather than amber.",
      "Made to order; allow five weeks. Pairs are mirrored so the grain matches across the bed.",
    ],
    salesCount: 9,
    createdDaysAgo: 70,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Walnut Entryway Bench",
    categorySlug: "furniture",
    price: "890.00",
    shortDescription: "A 120 cm black walnut bench with a bookmatched top and through-tenoned legs.",
    description: [
      "An entryway bench in black walnut, 120 cm long and 46 cm high, with a bookmatched top glued from two consecutive boards so the figure mirrors down the centre. The legs pass through the top in wedged through-tenons, left slightly proud and chamfered.",
      "This bench was built for a client's front hall and has been delivered. It stays here in the gallery; a bench of the same design can be made to your length.",
    ],
    uniqueItem: true,
    sold: true,
    showInGallery: true,
    salesCount: 1,
    createdDaysAgo: 240,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Cherry Hall Console Table",
    categorySlug: "furniture",
    price: "1150.00",
    shortDescription: "A slim cherry console with tapered legs and a single curly maple drawer front.",
    description: [
      "A hall console in black cherry, 110 cm long, 32 cm deep and 80 cm tall, with four-sided tapered legs and a single drawer faced in curly maple. The top overhangs by 2 cm all round and is attached with wooden buttons so it can move.",
      "Finished with a wiping varnish over a coat of dewaxed shellac to pop the figure.",
    ],
    uniqueItem: true,
    sold: true,
    salesCount: 1,
    createdDaysAgo: 390,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Oak Ladder Bookshelf",
    categorySlug: "furniture",
    price: "520.00",
    shortDescription: "A leaning ladder bookshelf in red oak with five graduated shelves.",
    description: [
      "A leaning bookshelf in red oak, 180 cm tall and 70 cm wide, with five shelves that get deeper towards the floor. The shelves are housed in angled dados and screwed from behind, and a small steel strap ties the top to the wall.",
      "Finished with an amber oil that brings out the oak's open grain. Currently off the menu while we redesign the shelf joinery.",
    ],
    active: false,
    salesCount: 6,
    createdDaysAgo: 400,
    imageCount: 2,
    kind: "wood",
  }),
];

const decor: SeedProduct[] = [
  product({
    name: "Walnut Wall Clock",
    categorySlug: "home-decor",
    price: "135.00",
    shortDescription: "A 30 cm black walnut wall clock with brass hands and a silent sweep movement.",
    description: [
      "A round wall clock in black walnut, 30 cm across and 2.5 cm thick, with twelve inlaid hard maple dots for the hours and slim brass hands. The face is turned on the lathe with a shallow dish so the hands sit just below the rim.",
      "The German-made sweep movement is completely silent (no ticking) and runs for about a year on one AA battery. A keyhole slot on the back hangs it on a single screw.",
    ],
    featured: true,
    salesCount: 57,
    createdDaysAgo: 160,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Ambrosia Maple Table Lamp",
    categorySlug: "home-decor",
    price: "150.00",
    shortDescription: "A turned ambrosia maple lamp base with a linen drum shade.",
    description: [
      "A turned lamp base in ambrosia maple, the grey-brown streaks left by the ambrosia beetle running up through the creamy wood. It stands 48 cm tall with a 35 cm linen drum shade, and is bored through its full length for the cord.",
      "Fitted with a brass E26 socket with an inline switch; use an LED bulb of up to 9 W. This lamp has been sold and stays in the gallery; new ones are turned whenever a suitable log comes in.",
    ],
    uniqueItem: true,
    sold: true,
    showInGallery: true,
    salesCount: 1,
    createdDaysAgo: 200,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Cherry Candle Holder Trio",
    categorySlug: "home-decor",
    price: "42.00",
    shortDescription: "Three black cherry tealight holders of 6, 9 and 12 cm with brass cups.",
    description: [
      "Three candle holders in black cherry, 6, 9 and 12 cm tall, each with a brass cup that lifts out for cleaning. They take standard tealights, and the cups keep the flame well clear of the wood.",
      "Finished with a rubbed oil. Never leave candles burning unattended.",
    ],
    salesCount: 96,
    createdDaysAgo: 230,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Walnut Bud Vase",
    categorySlug: "home-decor",
    price: "55.00",
    shortDescription: "A one-off walnut crotch bud vase with a removable glass insert.",
    description: [
      "A small bud vase turned from a walnut crotch, where two branches met and the grain folds into feather figure. It is 16 cm tall, with a removable glass test-tube insert that holds the water, so the wood never gets wet.",
      "Finished in hard-wax oil. This particular piece of crotch wood only yielded one vase.",
    ],
    uniqueItem: true,
    salesCount: 0,
    createdDaysAgo: 5,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Round Walnut Wall Mirror",
    categorySlug: "home-decor",
    price: "100.00",
    shortDescription: "A 50 cm turned walnut frame around a 40 cm bevelled mirror.",
    description: [
      "A turned black walnut frame, 50 cm across, around a 40 cm bevelled glass mirror. The frame has a soft bead on the inside edge and a wider cove on the outside, cut on the lathe in a single setup.",
      "A French cleat on the back holds it flat to the wall; screws and wall plugs are included.",
    ],
    salesCount: 34,
    createdDaysAgo: 140,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Cherry Jewellery Box",
    categorySlug: "home-decor",
    price: "99.99",
    shortDescription: "A mitred cherry box with maple splines, a lift-out tray and a felt-lined interior.",
    description: [
      "A jewellery box in black cherry, 24 by 16 by 9 cm, with mitred corners reinforced by contrasting hard maple splines. The lid is a floating panel of book-matched cherry in a frame, on quadrant hinges that stop it at 95 degrees.",
      "Inside there is a lift-out tray with six compartments for rings and earrings, over a deeper well for necklaces. Everything is lined in charcoal felt.",
    ],
    salesCount: 19,
    createdDaysAgo: 60,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "End-Grain Maple Cutting Board",
    stock: 12,
    categorySlug: "home-decor",
    price: "120.00",
    shortDescription: "A 40 x 30 x 4 cm end-grain hard maple board that is kind to knife edges.",
    description: [
      "A 40 by 30 cm end-grain cutting board in hard maple, 4 cm thick, with a border of black walnut. On an end-grain board the knife slips between the wood fibres instead of cutting across them, so edges stay sharp longer and cut marks close up.",
      "It is glued with a waterproof, food-safe PVA, flattened and sanded to 180 grit, then soaked in mineral oil and sealed with board butter. Four rubber feet keep it from sliding and let air under it.",
      "Care: wash by hand, dry on its edge, and oil it monthly. Never soak it or put it in the dishwasher.",
    ],
    featured: true,
    salesCount: 73,
    createdDaysAgo: 280,
    imageCount: 4,
    kind: "wood",
  }),
  product({
    name: "Oak Serving Tray with Handles",
    categorySlug: "home-decor",
    price: "68.00",
    shortDescription: "A 45 cm white oak serving tray with cut-out handles and a raised rim.",
    description: [
      "A serving tray in white oak, 45 by 30 cm, with a 2 cm raised rim and cut-out handles at each end. The base is a single board, milled thin and let into a groove in the rim so it can expand without cracking.",
      "Finished in a food-safe hard-wax oil that resists spills of coffee and wine; wipe clean with a damp cloth.",
    ],
    salesCount: 45,
    createdDaysAgo: 35,
    imageCount: 3,
    kind: "wood",
  }),
];

const jigs: SeedProduct[] = [
  product({
    name: "Dowel Jig for 6, 8 and 10 mm",
    stock: 40,
    categorySlug: "jigs-and-fixtures",
    price: "34.00",
    shortDescription: "A PETG dowelling jig with pressed-in steel bushings for 6, 8 and 10 mm dowels.",
    description: [
      "A dowelling jig printed in PETG with hardened steel drill bushings pressed into the body, one each for 6, 8 and 10 mm bits. The bushing bores are held to within 0.05 mm of nominal, so the bit is guided by steel, never by plastic, and the jig does not wear out.",
      "A reversible fence centres the holes on 18 or 19 mm stock; flip it over for 12 and 15 mm. The holes sit on a 32 mm pitch, which makes the jig equally useful for cabinet work.",
      "Printed at 0.2 mm layers with six walls and 40% gyroid infill for stiffness. Clamp it on with any F-clamp; a depth stop collar for each bit is included.",
    ],
    featured: true,
    seoTitle: "Dowel Jig for 6, 8 and 10 mm with steel bushings | Maple & Micron",
    seoDescription: "3D-printed PETG dowel jig with hardened steel bushings for 6, 8 and 10 mm dowels, centring fence for 12-19 mm stock and a 32 mm hole pitch.",
    salesCount: 118,
    createdDaysAgo: 260,
    imageCount: 4,
    kind: "printed",
  }),
  product({
    name: "Self-Centring Dowelling Jig",
    categorySlug: "jigs-and-fixtures",
    // The lowest variant's price: a product with variants is listed and sorted at it.
    price: "26.00",
    shortDescription: "A single-size self-centring dowelling jig with a hardened steel bushing, in four dowel sizes.",
    description: [
      "A compact dowelling jig for one dowel size, with a hardened steel drill bushing pressed into a PETG body. Two cam jaws close on the board and centre the bushing on its thickness, from 12 to 38 mm, so the holes on both halves of a joint line up without measuring.",
      "Choose the size of your dowels: 6 and 8 mm for cabinets and drawers, 10 mm for frames and tables, 12 mm for benches and beds. The 12 mm jig is printed when you order it, with a longer body for its heavier bit.",
      "Printed at 0.2 mm layers with six walls; a depth stop collar for the bit is included.",
    ],
    options: [{ name: "Dowel size", values: ["6 mm", "8 mm", "10 mm", "12 mm"] }],
    variants: [
      { sku: "SCDJ-6MM", values: ["6 mm"], price: "26.00", stock: 14 },
      { sku: "SCDJ-8MM", values: ["8 mm"], price: "28.00", stock: 3, image: 2 },
      { sku: "SCDJ-10MM", values: ["10 mm"], price: "30.00", stock: 0, allowBackorder: true, leadTimeMinDays: 5, leadTimeMaxDays: 7 },
      { sku: "SCDJ-12MM", values: ["12 mm"], price: "34.00", leadTimeMinDays: 10, leadTimeMaxDays: 12, image: 3 },
    ],
    seoTitle: "Self-Centring Dowelling Jig, 6 to 12 mm | Maple & Micron",
    seoDescription: "3D-printed self-centring dowelling jig with a hardened steel bushing for 6, 8, 10 or 12 mm dowels, centring on boards from 12 to 38 mm thick.",
    salesCount: 21,
    createdDaysAgo: 45,
    imageCount: 3,
    kind: "printed",
    alts: ["Self-Centring Dowelling Jig", "Self-Centring Dowelling Jig for 8 mm dowels", "Self-Centring Dowelling Jig for 12 mm dowels, with its longer body"],
  }),
  product({
    name: "Router Table Featherboard",
    categorySlug: "jigs-and-fixtures",
    price: "19.50",
    shortDescription: "A PETG featherboard for 19 mm mitre slots that keeps stock tight to the fence.",
    description: [
      'A featherboard for router tables and table saws with a standard 19 mm (3/4") mitre slot. It locks in place with an expanding bar: a quarter turn of the knob and it will not move.',
      "The fingers are 2.4 mm thick and angled at 30 degrees. Printed in PETG, which flexes and springs back, unlike PLA that takes a set. Includes the knob, an M6 bolt and the expanding bar.",
    ],
    salesCount: 102,
    createdDaysAgo: 310,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Festool-compatible Track Saw Square",
    categorySlug: "jigs-and-fixtures",
    price: "39.00",
    shortDescription: "An ASA square that clips onto FS guide rails for repeatable 90-degree cross cuts.",
    description: [
      "A square that clamps to the underside profile of Festool FS guide rails (and compatible rails from Makita and Triton) and registers against the edge of your sheet, so cross cuts come out at 90 degrees without measuring twice.",
      "Each square is printed in ASA for heat and UV resistance, fitted with two steel dowel pins at the reference face, and checked with the five-cut method: error is under 0.05 mm over 300 mm. A setscrew lets you fine-tune it if your rail is slightly off.",
      "Not made, endorsed or sold by Festool; Festool is a trademark of its owner.",
    ],
    featured: true,
    seoTitle: "Track Saw Square for Festool FS rails | Maple & Micron",
    seoDescription: "Festool-compatible track saw square printed in ASA with steel reference pins, checked to 0.05 mm over 300 mm for repeatable square cross cuts.",
    salesCount: 77,
    createdDaysAgo: 90,
    imageCount: 4,
    kind: "printed",
  }),
  product({
    name: "Concealed Hinge Drilling Jig (35 mm)",
    categorySlug: "jigs-and-fixtures",
    price: "24.00",
    shortDescription: "Positions a 35 mm Forstner bit for European cup hinges with an adjustable setback.",
    description: [
      "A drilling guide for concealed European cup hinges. It positions a 35 mm Forstner bit with an adjustable 3 to 6 mm setback from the door edge, and marks the two screw holes at 48 mm spacing, 9.5 mm behind the cup centre.",
      "Printed in PETG at 0.16 mm layers so the guide bore is smooth; a steel ring insert stops the bit from chewing the plastic. Works with doors from 16 to 22 mm thick.",
    ],
    salesCount: 55,
    createdDaysAgo: 200,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Shelf Pin Drilling Jig (5 mm)",
    categorySlug: "jigs-and-fixtures",
    price: "22.00",
    shortDescription: "A 32 mm system shelf pin jig with 15 hardened bushings and a 37 mm setback.",
    description: [
      "A 480 mm long jig for drilling rows of 5 mm shelf-pin holes on the 32 mm system, with a fixed 37 mm setback from the cabinet edge. Fifteen hardened steel bushings keep every hole the same size and square to the panel.",
      "The two halves join with a dovetail key for longer panels, and an index pin lets you walk the jig along a tall side without losing the pitch. Printed in PETG; a 5 mm brad-point bit with stop collar is included.",
    ],
    salesCount: 61,
    createdDaysAgo: 340,
    imageCount: 2,
    kind: "printed",
  }),
  product({
    name: "Pocket Hole Jig, Dual Guide",
    categorySlug: "jigs-and-fixtures",
    price: "28.00",
    shortDescription: "A two-hole pocket screw jig with steel guides for 12 to 38 mm stock.",
    description: [
      "A pocket-hole jig with two guides 22 mm apart, each with a hardened steel sleeve set at 15 degrees. Slide the fence to suit material from 12 to 38 mm thick; the thickness marks are moulded into the body.",
      "Printed in ASA with 100% infill around the guide sleeves and 30% elsewhere. It takes any standard 9.5 mm stepped pocket-hole bit (included, with stop collar and hex key).",
    ],
    salesCount: 44,
    createdDaysAgo: 75,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Drawer Front Installation Clamps (Pair)",
    categorySlug: "jigs-and-fixtures",
    price: "26.00",
    shortDescription: "A pair of clamps that hold drawer fronts in place while you drive the screws.",
    description: [
      "Hanging drawer fronts evenly is fiddly with two hands. These clamps hook over the drawer box and grip the front with a thumb-screw, so you can set the gaps with spacers, step back, look, and then screw the front on from inside.",
      "Fits drawer boxes 12 to 19 mm thick and fronts up to 25 mm. Printed in PETG with brass heat-set inserts for the M6 thumb-screws.",
    ],
    salesCount: 30,
    createdDaysAgo: 20,
    imageCount: 2,
    kind: "printed",
  }),
  product({
    name: "Circle Cutting Jig for Plunge Routers",
    categorySlug: "jigs-and-fixtures",
    price: "45.00",
    shortDescription: "Cuts circles from 60 to 900 mm diameter with any plunge router up to 150 mm base.",
    description: [
      "A trammel base for plunge routers: bolt it to your router's sub-base (universal slots fit bases up to 150 mm) and cut perfect circles from 60 to 900 mm in diameter. A steel pivot pin slides in a T-track and locks with a knob, with a printed millimetre scale for radius.",
      "The arm is printed in ASA in three sections and joined with aluminium splines, flat to 0.2 mm along its length. Ideal for round tabletops, speaker baffles and clock faces.",
    ],
    salesCount: 15,
    createdDaysAgo: 8,
    imageCount: 3,
    kind: "printed",
  }),
];

const tools: SeedProduct[] = [
  product({
    name: "Precision Marking Gauge",
    categorySlug: "printed-tools",
    price: "24.00",
    shortDescription: "A wheel marking gauge with a PETG fence, steel beam and brass thumb-screw.",
    description: [
      "A wheel marking gauge with a 150 mm steel beam, a printed PETG fence faced with a 3 mm steel wear plate, and a brass thumb-screw in a heat-set insert. The hardened cutting wheel scores a crisp line across the grain instead of tearing it.",
      "The fence face is ground flat after printing and checked square to the beam within 0.1 mm. A second wheel is included.",
    ],
    salesCount: 49,
    createdDaysAgo: 130,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Centre Finder for Round Stock",
    categorySlug: "printed-tools",
    price: "12.00",
    shortDescription: "Finds the centre of dowels and turning blanks from 10 to 100 mm across.",
    description: [
      "Place it over the end of a dowel, spindle blank or pipe, draw a line along the blade, rotate, draw again: the crossing is the centre. Works on stock from 10 to 100 mm in diameter.",
      "Printed in PLA+ at 0.12 mm layers for a sharp blade edge, with a 1 mm relief so the pencil line lands exactly on the centreline.",
    ],
    salesCount: 66,
    createdDaysAgo: 250,
    imageCount: 2,
    kind: "printed",
  }),
  product({
    name: "Saddle Square Layout Tool",
    categorySlug: "printed-tools",
    price: "14.00",
    shortDescription: "Carries a layout line around the corner of a board, accurate to 0.1 mm.",
    description: [
      "A saddle square hooks over the edge of a board so you can carry a line from the face across the edge, which is essential when laying out dovetails and tenons. Each leg is 50 mm long and the tool fits stock up to 40 mm thick.",
      "Printed in PLA+ with 100% infill, then the working edges are checked against a machinist square: every one is within 0.1 mm.",
    ],
    salesCount: 38,
    createdDaysAgo: 110,
    imageCount: 2,
    kind: "printed",
  }),
  product({
    name: "Contour Sanding Block Set",
    categorySlug: "printed-tools",
    price: "16.00",
    shortDescription: "Three hook-and-loop sanding blocks shaped for coves, beads and flats.",
    description: [
      "Three hand-sanding blocks for the shapes that a flat block cannot reach: a 12 mm cove, a 20 mm bead and a flat block with a 2 mm corner radius. Each has a hook-and-loop face that takes standard 70 mm sanding strips.",
      "Printed in PETG with a soft TPU pad between the body and the abrasive, so the paper follows the profile instead of riding on its edges. Five strips of 120, 180 and 240 grit are included.",
    ],
    salesCount: 80,
    createdDaysAgo: 190,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Bench Cookie Work Grippers (Set of 8)",
    categorySlug: "printed-tools",
    price: "22.00",
    shortDescription: "Eight grippy risers that hold work off the bench for sanding and routing.",
    description: [
      "Eight 60 mm risers that lift your work 25 mm off the bench and hold it still with a grippy TPU face, so you can sand, rout edges or spray finish without clamps.",
      "The core is printed in PETG and the top and bottom pads in 95A TPU, co-printed so they never peel off. They stack for storage.",
    ],
    salesCount: 57,
    createdDaysAgo: 45,
    imageCount: 3,
    kind: "printed",
  }),
  product({
    name: "Caliper Depth Base",
    categorySlug: "printed-tools",
    price: "18.00",
    shortDescription: "A wide base for 150 mm digital calipers that makes depth readings square and repeatable.",
    description: [
      "A clip-on base for standard 150 mm digital calipers that turns the depth rod into a stable depth gauge. The 80 mm wide foot spans grooves, dados and router bit heights so the reading is taken square to the surface.",
      "Printed in PETG; the foot is machined flat after printing and the clamp screw uses a brass insert.",
    ],
    salesCount: 12,
    createdDaysAgo: 15,
    imageCount: 2,
    kind: "printed",
  }),
  product({
    name: "Drill Bit Depth Stop Set",
    categorySlug: "printed-tools",
    price: "9.00",
    shortDescription: "Seven colour-coded depth stop collars for 3 to 10 mm bits.",
    description: [
      "Seven depth stops, one each for 3, 4, 5, 6, 8, 9 and 10 mm drill bits, colour-coded by size. A nylon-tipped setscrew grips the bit without marring it.",
      "Printed in PETG with a 0.1 mm interference fit on the bore; the setscrews sit in brass inserts so they can be tightened again and again.",
    ],
    salesCount: 90,
    createdDaysAgo: 220,
    imageCount: 2,
    kind: "printed",
  }),
];

const accessories: SeedProduct[] = [
  product({
    name: "Maple Coaster Set of Six",
    stock: 3,
    categorySlug: "accessories",
    price: "32.00",
    shortDescription: "Six 10 cm hard maple coasters with cork backs, in a walnut holder.",
    description: [
      "Six round coasters in hard maple, 10 cm across and 8 mm thick, each with a cork back that will not scratch your table. They stack in a small black walnut holder.",
      "Sealed with a water-resistant finish so rings from cold glasses wipe away.",
    ],
    salesCount: 85,
    createdDaysAgo: 170,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Cherry Cooking Spoon",
    categorySlug: "accessories",
    price: "26.00",
    shortDescription: "A 30 cm hand-carved black cherry spoon, finished only with walnut oil.",
    description: [
      "A 30 cm cooking spoon carved from a single piece of black cherry with an axe, a straight knife and a hook knife. The bowl is shallow enough for tasting and the handle is faceted for grip.",
      "Finished with walnut oil only. Wash by hand and let it dry in the air; rub with oil whenever it looks dull.",
    ],
    salesCount: 71,
    createdDaysAgo: 100,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Walnut Slimline Pen",
    categorySlug: "accessories",
    price: "38.00",
    shortDescription: "A lathe-turned black walnut twist pen with gunmetal hardware.",
    description: [
      "A slimline twist pen turned from figured black walnut, with gunmetal fittings and a standard Cross-style refill in black ink. Finished with twelve coats of cyanoacrylate, polished to a glass-like shine that resists skin oils.",
      "Arrives in a kraft gift box with a spare refill.",
    ],
    salesCount: 40,
    createdDaysAgo: 55,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Board Butter (120 ml)",
    stock: 0,
    allowBackorder: true,
    leadTimeMinDays: 5,
    leadTimeMaxDays: 7,
    categorySlug: "accessories",
    price: "14.00",
    shortDescription: "Our own food-safe beeswax and mineral oil conditioner for boards, bowls and spoons.",
    description: [
      "The same conditioner we use on every cutting board and bowl that leaves the workshop: food-grade mineral oil, local beeswax and a little carnauba, melted together in small batches. It comes in a 120 ml tin with a turned maple lid.",
      "Rub a thin coat into clean, dry wood, leave it for twenty minutes and buff off the excess. One tin lasts about a year of monthly care for a large board.",
    ],
    salesCount: 120,
    createdDaysAgo: 380,
    imageCount: 2,
    kind: "wood",
    alts: ["A tin of Board Butter with a turned maple lid", "Board Butter next to a freshly oiled board"],
  }),
  product({
    name: "Walnut Bottle Opener",
    categorySlug: "accessories",
    price: "22.00",
    shortDescription: "A black walnut bottle opener with a hidden magnet that catches the cap.",
    description: [
      "A hand-held bottle opener in black walnut with a stainless steel opener set flush into the face. A rare-earth magnet hidden behind it catches the cap, so it does not end up on the floor.",
      "About 15 cm long, with a hole for hanging. Finished with hard-wax oil.",
    ],
    salesCount: 62,
    createdDaysAgo: 290,
    imageCount: 3,
    kind: "wood",
  }),
  product({
    name: "Oak Phone Stand",
    categorySlug: "accessories",
    price: "28.00",
    shortDescription: "A white oak desk stand that holds a phone or small tablet at 70 degrees.",
    description: [
      "A desk stand in white oak that holds a phone or small tablet at a comfortable 70 degrees, in portrait or landscape. The slot is 12 mm wide to fit most cases, and a channel underneath lets a charging cable pass through.",
      "Felt pads on the base protect your desk. Finished in matte hard-wax oil.",
    ],
    salesCount: 33,
    createdDaysAgo: 65,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "Maple Key Ring Tag",
    categorySlug: "accessories",
    price: "8.00",
    shortDescription: "A small hard maple key tag on a stainless split ring.",
    description: [
      "A small key tag cut from hard maple offcuts, 6 by 2.5 cm, rounded over and finished in hard-wax oil, on a stainless steel split ring.",
      "Made from the pieces too small for anything else, so every one shows a slightly different grain.",
    ],
    salesCount: 54,
    createdDaysAgo: 3,
    imageCount: 2,
    kind: "wood",
  }),
];

const outdoor: SeedProduct[] = [
  product({
    name: "Cedar Planter Box",
    categorySlug: "outdoor",
    price: "145.00",
    shortDescription: "A 60 cm western red cedar planter with a removable liner and drainage holes.",
    description: [
      "A planter box in western red cedar, 60 by 25 by 25 cm, with corner posts joined by stainless steel screws and a slatted base that lets water drain. Cedar is naturally resistant to rot and weathers to a silver grey if left unfinished.",
      "A removable recycled plastic liner keeps the soil off the wood and makes replanting easy.",
    ],
    salesCount: 14,
    createdDaysAgo: 370,
    imageCount: 2,
    kind: "wood",
  }),
  product({
    name: "White Oak Bird House",
    categorySlug: "outdoor",
    price: "65.00",
    shortDescription: "A white oak nest box with a 32 mm entrance for chickadees and wrens.",
    description: [
      "A nest box in white oak with a 32 mm entrance hole, the right size for chickadees, wrens and nuthatches, and a hinged side panel for cleaning out old nests each autumn. Ventilation gaps under the roof and drainage holes in the floor keep the inside dry.",
      "Left unfinished on the inside, as birds prefer; the outside has a linseed oil finish.",
    ],
    salesCount: 22,
    createdDaysAgo: 395,
    imageCount: 2,
    kind: "wood",
  }),
];

export const seedProducts: SeedProduct[] = [...bowls, ...furniture, ...decor, ...jigs, ...tools, ...accessories, ...outdoor];
