"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AdminField } from "@/components/admin/admin-field";
import { ACTIONS_LABEL, AdminTable, TableHead } from "@/components/admin/admin-table";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { runWithToast } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { createDiscountCodeAction, setDiscountCodeActiveAction, updateDiscountCodeAction } from "@/lib/discounts/actions";
import type { AdminDiscountCodeDTO } from "@/lib/discounts/service";
import { formatMoney } from "@/lib/money";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { dayInZone } from "@/lib/catalog/time-zone";

type Category = { id: number; name: string };
type Fields = Record<string, string>;

const describe = (c: AdminDiscountCodeDTO) => (c.kind === "percentage" ? `${c.percentOff} % off` : c.kind === "fixed" ? `${formatMoney(c.amountOff ?? "0")} off` : "Free shipping");
/** The stored instant as the shop's calendar day (the form's days are the shop's, lib/discounts/service.ts). */
const day = (iso: string | null, timeZone: string) => (iso ? dayInZone(new Date(iso), timeZone) : "");

/** The form's values as the server action's schema reads them (lib/discounts/schemas.ts). */
function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    code: text("code"),
    kind: text("kind"),
    percentOff: text("percentOff"),
    amountOff: text("amountOff"),
    minSubtotal: text("minSubtotal"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    usageLimit: text("usageLimit"),
    perEmailLimit: text("perEmailLimit"),
    includeUniquePieces: data.get("includeUniquePieces") === "on",
    categoryIds: data.getAll("categoryIds").map(String),
    active: data.get("active") === "on",
  };
}

function CodeForm({ editing, categories, onDone }: { editing: AdminDiscountCodeDTO | null; categories: Category[]; onDone: () => void }) {
  const timeZone = useAdminTimeZone();
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  // Only the amount the chosen kind takes off is asked for (a shipping code takes neither).
  const [kind, setKind] = useState<string>(editing?.kind ?? "percentage");
  const router = useRouter();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readForm(event.currentTarget);
    setBusy(true);
    const ok = await runWithToast(
      async () => {
        const result = editing ? await updateDiscountCodeAction({ id: editing.id, input }) : await createDiscountCodeAction(input);
        setFields(result.ok ? {} : (result.fields ?? {}));
        return result;
      },
      { success: { title: editing ? "Discount code saved" : "Discount code created" }, failure: "The discount code could not be saved.", logLabel: "discount code" },
    );
    setBusy(false);
    if (ok) {
      router.refresh();
      onDone();
    }
  };
  const c = editing;
  const field = (id: string, label: string, control: React.ReactNode, description?: string) => (
    <AdminField id={`discount-${id}`} label={label} error={fields[id]} description={description}>
      {() => control}
    </AdminField>
  );
  const aria = (id: string) => ({ id: `discount-${id}`, "aria-invalid": Boolean(fields[id]), "aria-describedby": fields[id] ? `discount-${id}-error` : undefined });
  return (
    <form
      key={c?.id ?? "new"}
      onSubmit={onSubmit}
      noValidate
      aria-label={c ? `Edit ${c.code}` : "New discount code"}
      className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2 lg:grid-cols-3"
    >
      <h2 className="text-lg font-semibold sm:col-span-2 lg:col-span-3">{c ? `Edit ${c.code}` : "New discount code"}</h2>
      {field("code", "Code", <Input name="code" defaultValue={c?.code} maxLength={32} autoCapitalize="characters" {...aria("code")} />, "Letters, digits, - and _")}
      {field(
        "kind",
        "Takes off",
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value)} className="h-9 rounded-md border bg-background px-3 text-sm" {...aria("kind")}>
          <option value="percentage">A percentage</option>
          <option value="fixed">A fixed amount</option>
          <option value="free_shipping">Shipping</option>
        </select>,
      )}
      {kind === "percentage" && field("percentOff", "Percentage off", <Input name="percentOff" inputMode="numeric" defaultValue={c?.percentOff ?? ""} {...aria("percentOff")} />, "1–100")}
      {kind === "fixed" && field("amountOff", "Amount off ($)", <Input name="amountOff" inputMode="decimal" defaultValue={c?.amountOff ?? ""} {...aria("amountOff")} />, "In dollars and cents")}
      {field("minSubtotal", "Minimum subtotal ($)", <Input name="minSubtotal" inputMode="decimal" defaultValue={c?.minSubtotal ?? "0.00"} {...aria("minSubtotal")} />)}
      {field("usageLimit", "Usage limit", <Input name="usageLimit" inputMode="numeric" defaultValue={c?.usageLimit ?? ""} {...aria("usageLimit")} />, "Orders in all; empty for no limit")}
      {field("perEmailLimit", "Uses per email", <Input name="perEmailLimit" inputMode="numeric" defaultValue={c?.perEmailLimit ?? ""} {...aria("perEmailLimit")} />, "Empty for no limit")}
      {field("startsAt", "Starts", <Input type="date" name="startsAt" defaultValue={day(c?.startsAt ?? null, timeZone)} {...aria("startsAt")} />, `The shop's day (${timeZone}); empty: now`)}
      {field("endsAt", "Ends", <Input type="date" name="endsAt" defaultValue={day(c?.endsAt ?? null, timeZone)} {...aria("endsAt")} />, `At the start of that day (${timeZone}); empty: never`)}
      <fieldset className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-medium">Applies to</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="includeUniquePieces" defaultChecked={c?.includeUniquePieces ?? true} /> One-of-a-kind pieces
        </label>
        <p className="text-xs text-muted-foreground">Categories (none ticked: every category)</p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {categories.map((cat) => (
            <label key={cat.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="categoryIds" value={cat.id} defaultChecked={c?.categoryIds.includes(cat.id)} /> {cat.name}
            </label>
          ))}
        </div>
        {fields.categoryIds && <p className="text-sm text-destructive">{fields.categoryIds}</p>}
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" name="active" defaultChecked={c?.active ?? true} /> Active (shoppers can use it)
        </label>
      </fieldset>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={busy}>
          {c ? "Save code" : "Create code"}
        </Button>
        {c && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** The Discount codes screen: the create / edit form, and every code with its uses against its limit, Edit and Disable. */
export function DiscountsManager({ codes, categories }: { codes: AdminDiscountCodeDTO[]; categories: Category[] }) {
  const timeZone = useAdminTimeZone();
  const [editing, setEditing] = useState<AdminDiscountCodeDTO | null>(null);
  const router = useRouter();
  const toggle = async (code: AdminDiscountCodeDTO) => {
    const ok = await runWithToast(() => setDiscountCodeActiveAction({ id: code.id, active: !code.active }), {
      success: { title: code.active ? `${code.code} disabled` : `${code.code} enabled` },
      failure: "The discount code could not be changed.",
      logLabel: "discount code toggle",
    });
    if (ok) router.refresh();
  };
  return (
    <>
      <AdminPageHeader title="Discount codes" description="One code per order, priced at checkout. A cancelled order gives its use back." />
      <CodeForm key={editing?.id ?? "new"} editing={editing} categories={categories} onDone={() => setEditing(null)} />
      {/* A scroll box a keyboard can reach (focusable, named): at 390 px the table is wider than the screen. */}
      <AdminTable caption="Discount codes" className="mt-6" minWidth="" testId="discount-codes">
        <TableHead className="border-b text-left text-muted-foreground" cell="px-4 py-2 font-medium" columns={["Code", "Takes off", "Uses", "Dates", "Status", { label: ACTIONS_LABEL }]} />
        <tbody className="divide-y">
          {codes.length === 0 && (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-center text-muted-foreground">
                No discount codes yet.
              </td>
            </tr>
          )}
          {codes.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="px-4 py-2 text-left font-mono font-semibold">
                {c.code}
              </th>
              <td className="px-4 py-2">
                {describe(c)}
                {Number(c.minSubtotal) > 0 ? `, over ${formatMoney(c.minSubtotal)}` : ""}
              </td>
              <td className="px-4 py-2 tabular-nums">
                {c.usageLimit === null ? c.uses : `${c.uses} of ${c.usageLimit}`}
                {c.perEmailLimit ? ` (${c.perEmailLimit} per email)` : ""}
              </td>
              <td className="px-4 py-2">{[day(c.startsAt, timeZone) || "now", day(c.endsAt, timeZone) || "no end"].join(" → ")}</td>
              <td className="px-4 py-2">{c.active ? "Active" : "Disabled"}</td>
              <td className="px-4 py-2 text-right whitespace-nowrap">
                <Button type="button" variant="link" size="sm" onClick={() => setEditing(c)}>
                  Edit<span className="sr-only"> {c.code}</span>
                </Button>
                <Button type="button" variant="link" size="sm" onClick={() => toggle(c)}>
                  {c.active ? "Disable" : "Enable"}
                  <span className="sr-only"> {c.code}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
