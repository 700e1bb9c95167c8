"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AdminField } from "@/components/admin/admin-field";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { runWithToast } from "@/components/admin/action-message";
import { CheckField } from "@/components/admin/products/check-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { createBoxAction, deleteBoxAction, updatePickupAction, updateZoneAction } from "@/lib/shipping/actions";
import type { BoxDTO, Pickup, ZoneDTO } from "@/lib/shipping/service";
import { parseTableText, tableText } from "@/lib/shipping/schemas";

type Fields = Record<string, string>;

function ZoneForm({ zone, liveAvailable }: { zone: ZoneDTO; liveAvailable: boolean }) {
  const router = useRouter();
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState(zone.method);
  const id = (name: string) => `zone-${zone.code}-${name}`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      code: zone.code,
      ships: data.get("ships") === "on",
      method: String(data.get("method") ?? "flat"),
      flatRate: String(data.get("flatRate") ?? ""),
      freeOver: String(data.get("freeOver") ?? ""),
      rateTable: method !== "flat" ? parseTableText(String(data.get("rateTable") ?? "")) : [],
    };
    setBusy(true);
    const ok = await runWithToast(
      async () => {
        const result = await updateZoneAction(input);
        setFields(result.ok ? {} : (result.fields ?? {}));
        return result;
      },
      { success: { title: `${zone.name}: saved` }, failure: "The zone could not be saved.", logLabel: "shipping zone" },
    );
    setBusy(false);
    if (ok) router.refresh();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg border bg-card p-4" aria-labelledby={id("title")} data-testid={`zone-${zone.code}`}>
      <h3 id={id("title")} className="font-medium">
        {zone.name}
      </h3>
      <CheckField id={id("ships")} name="ships" label="We ship here" description="Off: checkout says we don't ship to this address." defaultChecked={zone.ships} disabled={busy} />
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField id={id("method")} label="Method" error={fields.method}>
          {(aria) => (
            <NativeSelect {...aria} name="method" value={method} onChange={(e) => setMethod(e.target.value as ZoneDTO["method"])} disabled={busy} className="w-full">
              <option value="flat">Flat rate</option>
              <option value="table">Rate table by weight</option>
              {(liveAvailable || zone.method === "live") && <option value="live">Live carrier rates (EasyPost)</option>}
            </NativeSelect>
          )}
        </AdminField>
        <AdminField id={id("flat")} label="Flat rate ($)" error={fields.flatRate} description={method !== "flat" ? "Charged at least when a piece has no weight." : undefined}>
          {(aria) => <Input {...aria} name="flatRate" defaultValue={zone.flatRate} inputMode="decimal" autoComplete="off" disabled={busy} />}
        </AdminField>
        <AdminField id={id("free")} label="Free shipping over ($)" error={fields.freeOver} description="Blank: never free.">
          {(aria) => <Input {...aria} name="freeOver" defaultValue={zone.freeOver ?? ""} inputMode="decimal" autoComplete="off" disabled={busy} />}
        </AdminField>
      </div>
      {method !== "flat" && (
        <AdminField
          id={id("table")}
          label={method === "live" ? "Rate table (when the carrier does not answer in time)" : "Rate table"}
          error={fields.rateTable ?? Object.entries(fields).find(([k]) => k.startsWith("rateTable."))?.[1]}
          description={'One row a line, grams then price: "500: 6.50" is up to 500 g; the last line is "any: 48.00" for anything heavier.'}
        >
          {(aria) => <Textarea {...aria} name="rateTable" defaultValue={tableText(zone.rateTable)} rows={4} className="font-mono" disabled={busy} />}
        </AdminField>
      )}
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Save zone
        </Button>
      </div>
    </form>
  );
}

function BoxesSection({ boxes }: { boxes: BoxDTO[] }) {
  const router = useRouter();
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = Object.fromEntries(["name", "innerLengthMm", "innerWidthMm", "innerHeightMm"].map((k) => [k, String(data.get(k) ?? "")]));
    setBusy(true);
    const ok = await runWithToast(
      async () => {
        const result = await createBoxAction(input);
        setFields(result.ok ? {} : (result.fields ?? {}));
        return result;
      },
      { success: { title: "Box added" }, failure: "The box could not be added.", logLabel: "box" },
    );
    setBusy(false);
    if (ok) {
      form.reset();
      router.refresh();
    }
  };
  const remove = async (box: BoxDTO) => {
    const ok = await runWithToast(() => deleteBoxAction({ id: box.id }), { success: { title: `${box.name} deleted` }, failure: "The box could not be deleted.", logLabel: "box delete" });
    if (ok) router.refresh();
  };
  return (
    <section aria-labelledby="boxes-title" className="flex flex-col gap-4">
      <h2 id="boxes-title" className="text-lg font-semibold">
        Boxes
      </h2>
      {boxes.length ? (
        <ul className="flex flex-col gap-2" data-testid="boxes">
          {boxes.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card px-4 py-2 text-sm">
              <span>
                <span className="font-medium">{b.name}</span> — {b.innerLengthMm} × {b.innerWidthMm} × {b.innerHeightMm} mm inside · {b.productCount} {b.productCount === 1 ? "product" : "products"}
                {b.variantCount > 0 && `, ${b.variantCount} ${b.variantCount === 1 ? "variant" : "variants"}`}
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => void remove(b)} aria-label={`Delete box ${b.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No boxes yet: products give their own dimensions.</p>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-4" aria-label="Add a box">
        <AdminField id="box-name" label="Name" error={fields.name}>
          {(aria) => <Input {...aria} name="name" autoComplete="off" maxLength={80} placeholder="e.g. Bowl box L" disabled={busy} />}
        </AdminField>
        <AdminField id="box-length" label="Inner length (mm)" error={fields.innerLengthMm}>
          {(aria) => <Input {...aria} name="innerLengthMm" inputMode="numeric" autoComplete="off" disabled={busy} />}
        </AdminField>
        <AdminField id="box-width" label="Inner width (mm)" error={fields.innerWidthMm}>
          {(aria) => <Input {...aria} name="innerWidthMm" inputMode="numeric" autoComplete="off" disabled={busy} />}
        </AdminField>
        <AdminField id="box-height" label="Inner height (mm)" error={fields.innerHeightMm}>
          {(aria) => <Input {...aria} name="innerHeightMm" inputMode="numeric" autoComplete="off" disabled={busy} />}
        </AdminField>
        <div className="sm:col-span-4">
          <Button type="submit" size="sm" disabled={busy}>
            Add box
          </Button>
        </div>
      </form>
    </section>
  );
}

function PickupForm({ pickup }: { pickup: Pickup }) {
  const router = useRouter();
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = { pickupEnabled: data.get("pickupEnabled") === "on", pickupAddress: String(data.get("pickupAddress") ?? ""), pickupHours: String(data.get("pickupHours") ?? "") };
    setBusy(true);
    const ok = await runWithToast(
      async () => {
        const result = await updatePickupAction(input);
        setFields(result.ok ? {} : (result.fields ?? {}));
        return result;
      },
      { success: { title: "Local pickup saved" }, failure: "Local pickup could not be saved.", logLabel: "pickup" },
    );
    setBusy(false);
    if (ok) router.refresh();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg border bg-card p-4" aria-labelledby="pickup-title">
      <h2 id="pickup-title" className="text-lg font-semibold">
        Local pickup
      </h2>
      <CheckField
        id="pickup-enabled"
        name="pickupEnabled"
        label="Offer local pickup"
        description="Free: the shopper collects the order at the workshop."
        defaultChecked={pickup.pickupEnabled}
        disabled={busy}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminField id="pickup-address" label="Workshop address" error={fields.pickupAddress}>
          {(aria) => <Textarea {...aria} name="pickupAddress" defaultValue={pickup.pickupAddress ?? ""} rows={2} maxLength={300} disabled={busy} />}
        </AdminField>
        <AdminField id="pickup-hours" label="Pickup hours" error={fields.pickupHours}>
          {(aria) => <Input {...aria} name="pickupHours" defaultValue={pickup.pickupHours ?? ""} maxLength={200} placeholder="e.g. Saturdays 10–2" disabled={busy} />}
        </AdminField>
      </div>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Save pickup
        </Button>
      </div>
    </form>
  );
}

/** The Shipping screen: each zone's method, the maker's boxes, local pickup. Every save is in the activity log. */
export function ShippingManager({ zones, boxes, pickup, liveAvailable }: { zones: ZoneDTO[]; boxes: BoxDTO[]; pickup: Pickup; liveAvailable: boolean }) {
  return (
    <div className="flex flex-col gap-10">
      <AdminPageHeader title="Shipping" description="What each zone pays for shipping, the boxes you pack in, and local pickup. A piece without a weight ships at its zone's flat rate (at least)." />
      <section aria-labelledby="zones-title" className="flex flex-col gap-4">
        <h2 id="zones-title" className="text-lg font-semibold">
          Zones
        </h2>
        {zones.map((z) => (
          <ZoneForm key={z.code} zone={z} liveAvailable={liveAvailable} />
        ))}
      </section>
      <BoxesSection boxes={boxes} />
      <PickupForm pickup={pickup} />
    </div>
  );
}
