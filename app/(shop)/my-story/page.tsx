import type { Metadata } from "next";
import { CtaLinks } from "@/components/layout/cta-links";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

const firstName = site.maker.split(" ")[0];

export const metadata: Metadata = pageMetadata({
  title: "My Story",
  description: `How ${site.maker} came to turn storm-felled ${site.address.city} trees into bowls and furniture, and why a woodworker designs and 3D-prints his own jigs.`,
  path: "/my-story",
});

const facts = [
  { value: "1", label: "maker, from first cut to packing tape" },
  { value: "30 mi", label: "roughly the farthest any of my wood has travelled" },
  { value: "0.1 mm", label: "the tolerance every printed jig is checked to" },
];

function StorySection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-12">
      <h2 className="text-2xl font-semibold sm:text-3xl">{title}</h2>
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-foreground/85">{children}</div>
    </section>
  );
}

export default function MyStoryPage() {
  return (
    <article>
      <header className="border-b bg-gradient-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">My Story</p>
          <h1 className="mt-3 text-4xl leading-tight font-semibold text-balance sm:text-5xl">A lathe, a 3D printer and a lot of fallen trees</h1>
          <p className="mt-6 text-xl leading-relaxed text-muted-foreground">
            I&apos;m {site.maker}. {site.name} is me, one workshop in {site.address.city}, {site.address.state}, and two crafts that turned out to need each other.
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <StorySection title="The workshop">
          <p>
            The shop is Unit 3 of an old textile mill on {site.address.line1}: brick walls, a concrete floor that is never quite warm, and tall windows that give the best light for judging a finish at
            about four in the afternoon. The lathe sits under those windows. The workbench, the table saw and a wall of clamps take up the middle, and in a dust-free corner behind a plastic curtain
            two 3D printers hum away, often overnight.
          </p>
          <p>
            I learned to turn on my grandfather&apos;s lathe, a heavy cast-iron machine that still runs today. For fifteen years I worked as a quality engineer, measuring machined parts to the
            thousandth of a millimetre. Wood was what I did on weekends, until the weekends stopped being enough.
          </p>
        </StorySection>

        <StorySection title="Wood with a history">
          <p>
            I don&apos;t buy logs from a timber yard. Almost everything I turn or build comes from trees that came down on their own: maples split by ice storms, walnuts blown over in summer
            thunderstorms, cherries that a neighbour had to take down before they landed on the roof. Tree crews and neighbours around town call me now, and I bring the trailer.
          </p>
          <p>
            Bowls are rough-turned green, sealed and left to dry slowly for months before the final turning. Boards for furniture are stickered and air-dried in the shed out back, then finished in the
            kiln. It is slow, and some pieces crack along the way. The ones that make it carry the spalting, burls and storm scars of a tree that grew a few miles from here, which is why so many of
            them are one of a kind.
          </p>
        </StorySection>

        <blockquote className="mt-12 border-l-4 border-primary pl-6 font-serif text-2xl leading-snug text-foreground/90 italic">
          &ldquo;A tree that falls in a storm has already given up its shade. The least I can do is make sure it doesn&apos;t end up as firewood.&rdquo;
        </blockquote>

        <StorySection title="Why a woodworker owns a 3D printer">
          <p>
            Good furniture depends on repeatable setups: every dowel hole in the same place, every hinge cup at the same depth, every shelf pin level with its neighbour. The commercial jigs I tried
            were either expensive, a little out of square, or made for a tool I didn&apos;t own.
          </p>
          <p>
            So I did what the engineer in me wanted to: I modelled my own in CAD, printed them overnight in PETG, checked them against a calibrated square and calipers, and adjusted until they were
            right. Other woodworkers started asking for copies, and the &ldquo;Micron&rdquo; half of the shop was born. Every jig, fixture and tool I sell is one I use at my own bench, printed in PETG
            or ASA with brass inserts wherever a thread has to last, and measured before it ships.
          </p>
        </StorySection>

        <StorySection title="How I work">
          <ul className="list-disc space-y-2 pl-6 marker:text-primary">
            <li>Every piece is made, inspected and packed by me. When you write, I&apos;m the one who answers.</li>
            <li>Bowls and boards are finished with food-safe oils and beeswax, nothing that you would not want near your dinner.</li>
            <li>Offcuts become coasters, spoons and boxes; shavings go to a local farm for animal bedding.</li>
            <li>If something I made doesn&apos;t hold up, I want to know and I will make it right.</li>
          </ul>
        </StorySection>

        <ul aria-label="The workshop in numbers" className="mt-14 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <li key={fact.label} className="rounded-xl border bg-card p-5 text-center">
              <span className="block font-serif text-3xl font-semibold text-primary">{fact.value}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{fact.label}</span>
            </li>
          ))}
        </ul>

        <section aria-labelledby="story-cta" className="mt-14 rounded-2xl bg-foreground px-6 py-10 text-center text-background sm:px-10">
          <h2 id="story-cta" className="text-3xl font-semibold">
            See what&apos;s on the bench
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-background/75">
            New bowls, furniture and printed tools go up in the shop as they are finished. When a one-of-a-kind piece sells, it moves to the gallery.
          </p>
          <CtaLinks
            className="mt-6 flex flex-col justify-center gap-3 sm:flex-row"
            primary={{ href: "/shop", label: "Visit the Shop", className: "h-12 bg-background px-7 text-base text-foreground hover:bg-background/90" }}
            secondary={{
              href: "/commission",
              label: "Commission a piece",
              className: "h-12 border-background/30 bg-transparent px-7 text-base text-background hover:bg-background/10 hover:text-background",
            }}
          />
          <p className="mt-6 text-sm text-background/60">Thanks for reading, and for supporting a small workshop. — {firstName}</p>
        </section>
      </div>
    </article>
  );
}
