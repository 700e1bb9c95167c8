"use client";
// A client module: it hands ShopSettingForm a function (the toast's text), which a server component cannot.

import { ShopSettingForm } from "@/components/admin/shop-setting-form";

/** The shop's low-stock threshold (a setting: who changed it is in the audit log), on the dashboard's low-stock list. */
export function LowStockThresholdForm({ threshold }: { threshold: number }) {
  return (
    <ShopSettingForm
      name="lowStockThreshold"
      initial={String(threshold)}
      id="low-stock-threshold"
      label="List counts at or below"
      formLabel="Low-stock threshold"
      testId="low-stock-threshold"
      inputClassName="h-8 w-24"
      inputProps={{ inputMode: "numeric" }}
      savedTitle="Low-stock threshold saved"
      savedDescription={(settings) => `Counted products and variants at ${settings.lowStockThreshold} or fewer are listed.`}
      failure="The threshold could not be saved. Please try again."
    />
  );
}
