"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AdminField, AdminFormAlert } from "@/components/admin/admin-field";
import { actionMessage } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { buyLabelAction, labelDraftAction, labelRatesAction, voidLabelAction } from "@/lib/orders/actions";
import { carrierServiceLabel } from "@/lib/shipping/services";
import type { LabelDraft, LabelDTO, LabelQuoteDTO } from "@/lib/orders/label-service";
import { formatMoney } from "@/lib/money";

const heading = "font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const serviceName = (s: string) => s.replaceAll("_", " ");
/** What the carrier said of a voided label's refund (EasyPost's refund_status, moved by its refund webhook). */
const VOID_REFUND: Record<string, string> = { refunded: "refund received", rejected: "refund refused by the carrier", not_applicable: "no refund (billed on scan)" };

function LabelRow({ orderId, label, onVoided }: { orderId: number; label: LabelDTO; onVoided: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const voidIt = async () => {
    setBusy(true);
    try {
      const result = await voidLabelAction({ id: orderId, labelId: label.id });
      if (result.ok) {
        toast.success("Label voided", { description: `The carrier refunds ${formatMoney(label.cost)}.` });
        onVoided();
      } else toast.error(actionMessage(result, "The label could not be voided."));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const voided = label.status === "voided";
  return (
    <li className="grid gap-1.5 rounded-lg border p-3 text-sm" data-testid="shipping-label">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{carrierServiceLabel(label.carrier, label.service)}</span>
        <span className="tabular-nums">{formatMoney(label.cost)}</span>
        {voided && <span className="rounded bg-muted px-1.5 text-xs">Voided — {VOID_REFUND[label.refundStatus ?? ""] ?? "refund requested"}</span>}
      </p>
      <p className="text-muted-foreground">
        Tracking <span className="font-mono break-all text-foreground">{label.trackingNumber}</span> · {label.parcel}
        {label.insuredValue && <> · insured for {formatMoney(label.insuredValue)}</>}
        {label.trackingStatus && <> · {serviceName(label.trackingStatus)}</>}
      </p>
      {label.costWarning && !voided && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-amber-950">
          {label.costWarning}
        </p>
      )}
      {!voided && (
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm">
            <a href={label.pdfUrl} target="_blank" rel="noreferrer">
              Print label (4×6 PDF)
            </a>
          </Button>
          {confirming ? (
            <>
              <span>Void this label? The carrier refunds it; it must not be used.</span>
              <Button size="sm" variant="destructive" onClick={voidIt} disabled={busy}>
                {busy ? "Voiding…" : "Yes, void label"}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Void label
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The order dialog's shipping label: the parcel (one of the maker's boxes, the weight pre-filled from the
 * lines), the carrier's rates, one bought in a click (the order is marked shipped and the shopper emailed the
 * tracking link), the 4×6 PDF to print, and a void. The server prices and checks everything; this only shows it.
 */
export function ShippingLabelPanel({ orderId, onChanged }: { orderId: number; onChanged: () => void }) {
  const router = useRouter();
  const [draft, setDraft] = useState<LabelDraft | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [boxId, setBoxId] = useState("");
  const [weight, setWeight] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<LabelQuoteDTO | null>(null);
  const [chosen, setChosen] = useState(0);
  const [busy, setBusy] = useState<"rates" | "buy" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    labelDraftAction({ id: orderId })
      .then((result) => {
        if (!live) return;
        if (!result.ok) return setFailed(result.message);
        setDraft(result.data);
        setBoxId(result.data.parcel.boxId ? String(result.data.parcel.boxId) : "");
        setWeight(result.data.parcel.weightGrams ? String(result.data.parcel.weightGrams) : "");
      })
      .catch(() => live && setFailed("Could not load the label panel."));
    return () => {
      live = false;
    };
  }, [orderId, version]);

  const changed = () => {
    setQuote(null);
    setVersion((v) => v + 1);
    onChanged();
    router.refresh();
  };

  const getRates = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy("rates");
    setError(null);
    setQuote(null);
    try {
      const result = await labelRatesAction({ id: orderId, parcel: { boxId: boxId ? Number(boxId) : null, weightGrams: weight } });
      if (result.ok) {
        setQuote(result.data);
        setChosen(0);
        setFields({});
      } else {
        setFields(result.fields ?? {});
        setError(result.fields && Object.keys(result.fields).length ? null : actionMessage(result, "The carrier's rates could not be fetched."));
      }
    } finally {
      setBusy(null);
    }
  };

  const buy = async () => {
    const rate = quote?.rates[chosen];
    if (!rate) return;
    setBusy("buy");
    setError(null);
    try {
      const result = await buyLabelAction({ id: orderId, token: rate.token });
      if (result.ok) {
        toast.success("Label bought", { description: result.data.shipped ? "The order is shipped and the shopper has the tracking link." : (result.data.message ?? undefined) });
        changed();
      } else setError(actionMessage(result, "The label could not be bought."));
    } finally {
      setBusy(null);
    }
  };

  const active = draft?.labels.some((l) => l.status === "purchased");
  return (
    <section aria-labelledby={`label-heading-${orderId}`} className="grid gap-3" data-testid="label-panel">
      <h3 id={`label-heading-${orderId}`} className={heading}>
        Shipping label
      </h3>
      {failed && <p className="text-sm text-destructive">{failed}</p>}
      {!failed && !draft && <p className="text-sm text-muted-foreground">Loading…</p>}
      {draft && draft.labels.length > 0 && (
        <ul className="grid gap-2">
          {draft.labels.map((l) => (
            <LabelRow key={l.id} orderId={orderId} label={l} onVoided={changed} />
          ))}
        </ul>
      )}
      {draft && !draft.carrierConfigured && <p className="text-sm text-muted-foreground">Labels need a carrier: set EASYPOST_API_KEY to buy labels here.</p>}
      {draft && draft.carrierConfigured && draft.refusal && !active && <p className="text-sm text-muted-foreground">{draft.refusal}</p>}
      {draft && draft.carrierConfigured && !draft.refusal && (
        <form onSubmit={getRates} noValidate className="grid gap-3 rounded-lg border p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <AdminField id={`label-box-${orderId}`} label="Box" error={fields.boxId}>
              {(aria) => (
                <NativeSelect {...aria} value={boxId} onChange={(e) => (setBoxId(e.target.value), setQuote(null))} className="w-full">
                  {draft.boxes.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name} ({b.innerLengthMm} × {b.innerWidthMm} × {b.innerHeightMm} mm)
                    </option>
                  ))}
                  <option value="">No box: weight only</option>
                </NativeSelect>
              )}
            </AdminField>
            <AdminField id={`label-weight-${orderId}`} label="Packed weight (grams)" error={fields.weightGrams}>
              {(aria) => <Input {...aria} inputMode="numeric" value={weight} onChange={(e) => (setWeight(e.target.value), setQuote(null))} autoComplete="off" />}
            </AdminField>
          </div>
          <p className="text-xs text-muted-foreground">
            {draft.unweighed.length ? `Not in the weight (no weight set): ${draft.unweighed.join(", ")}. ` : "Weight from the pieces' packed weights. "}
            {draft.insuredValue ? `Insured for ${formatMoney(draft.insuredValue)} (over your ${formatMoney(draft.insureAbove ?? "0")} threshold); the carrier's fee is added.` : "Not insured."} The
            shopper paid {formatMoney(draft.shippingPaid)} for shipping.
          </p>
          <div>
            <Button type="submit" size="sm" variant="outline" disabled={busy !== null}>
              {busy === "rates" ? "Getting rates…" : "Get rates"}
            </Button>
          </div>
          {quote && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Rates for {quote.parcel}</legend>
              {quote.rates.map((r, i) => (
                <label key={r.token} className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary">
                  <input type="radio" name={`label-rate-${orderId}`} checked={chosen === i} onChange={() => setChosen(i)} className="mt-1" />
                  <span className="grid">
                    <span>
                      {carrierServiceLabel(r.carrier, r.service)} — <span className="tabular-nums">{formatMoney(r.amount)}</span>
                      {r.deliveryDays !== null && <span className="text-muted-foreground">, {r.deliveryDays === 1 ? "1 day" : `${r.deliveryDays} days`}</span>}
                    </span>
                    {r.costWarning && <span className="text-amber-800">{r.costWarning}</span>}
                  </span>
                </label>
              ))}
              <div>
                <Button type="button" size="sm" onClick={buy} disabled={busy !== null}>
                  {busy === "buy" ? "Buying…" : `Buy label — ${formatMoney(quote.rates[chosen]?.amount ?? "0")}`}
                </Button>
              </div>
            </fieldset>
          )}
          {error && <AdminFormAlert>{error}</AdminFormAlert>}
        </form>
      )}
    </section>
  );
}
