"use client";
// A client module: it hands ShopSettingForm a function (the toast's text), which a server component cannot.

import { ShopSettingForm } from "@/components/admin/shop-setting-form";

/**
 * The shop's time zone (a setting, audited): every admin date and time, the dashboard's days, the orders
 * CSV's dates, discount codes' days and the shopper's order-status times follow it.
 */
export function ShopTimeZoneForm({ timeZone }: { timeZone: string }) {
  return (
    <section aria-labelledby="shop-time-zone-title" className="rounded-xl border bg-card p-4" data-testid="shop-time-zone">
      <h2 id="shop-time-zone-title" className="font-semibold">
        Shop time zone
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Days on this dashboard, dates in the admin and the orders CSV, and discount code dates are counted in this zone.</p>
      <ShopSettingForm
        name="timeZone"
        initial={timeZone}
        id="shop-time-zone"
        label="Time zone (IANA name, e.g. America/New_York)"
        formLabel="Shop time zone"
        boxClassName="w-full min-w-0 sm:w-auto"
        inputClassName="h-8 w-full sm:w-64"
        inputProps={{ spellCheck: false }}
        savedTitle="Time zone saved"
        savedDescription={(settings) => `Dates and days are now the shop's in ${settings.timeZone}.`}
        failure="The time zone could not be saved. Please try again."
      />
    </section>
  );
}
