"use client";

import { Icon, type IconName } from "@/components/ui/icon";
import { HydrationSlice } from "@/components/ui/hydration-slice";

const OFFERINGS = [
  {
    icon: "utensils" as IconName,
    title: "Hand-turned bowls",
    text: "Turned green from storm-felled maple, walnut and cherry, dried slowly for months, then finished with food-safe oil and beeswax.",
  },
  {
    icon: "armchair" as IconName,
    title: "Furniture",
    text: "Tables, stools, benches and shelves held together with mortise-and-tenon and hand-cut dovetail joinery, made to order or as one-off live-edge pieces.",
  },
  {
    icon: "lamp" as IconName,
    title: "Home decor",
    text: "Clocks, boards, boxes and lamps made from the best offcuts of the furniture work, so good wood never ends up in the burn pile.",
  },
  {
    icon: "printer" as IconName,
    title: "Precision 3D-printed jigs & tools",
    text: "Dowelling jigs, hinge-boring guides and layout tools designed in CAD, printed in PETG and ASA, and checked with calipers before they ship.",
  },
] as const;

/**
 * The four crafts of the workshop (spec §2 home: a text block listing four craft offerings).
 * A client component without props: the RSC payload names it instead of repeating its text.
 */
export function CraftOfferings() {
  return (
    <HydrationSlice>
      <section aria-labelledby="crafts-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
          <div>
            <p className="text-sm font-semibold tracking-wider text-primary uppercase">What I make</p>
            <h2 id="crafts-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
              Two crafts, one bench
            </h2>
            <p className="mt-4 leading-relaxed text-muted-foreground">
              The lathe and the 3D printer sit six feet apart. The same hands that sharpen a bowl gouge also design the jigs that keep the furniture square, and both kinds of work get the same care
              before they leave the shop.
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2">
            {OFFERINGS.map(({ icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-6">
                <span className="flex size-11 items-center justify-center rounded-full bg-accent text-primary">
                  <Icon name={icon} className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </HydrationSlice>
  );
}
