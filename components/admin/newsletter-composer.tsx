"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDateTime } from "@/components/admin/format";
import { countOf } from "@/lib/admin/wording";
import { wallTimeInZone } from "@/lib/catalog/time-zone";

type Product = { id: number; name: string; price: string; sold: boolean };
type Content = { subject: string; preheader: string; body: string; productIds: number[] };
type Width = "desktop" | "phone";

const WIDTHS: Record<Width, number> = { desktop: 640, phone: 390 };
const changed = () => window.dispatchEvent(new Event("newsletter:changed"));

async function api(url: string, method: string, body?: unknown): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const res = await fetch(url, { method, headers: body === undefined ? undefined : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { ok: res.ok, json: ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown> };
}

/**
 * The Newsletter composer: subject, preheader, Markdown text and a grid of chosen products;
 * "New pieces" fills it with what was added since the last newsletter. Preview at desktop and
 * phone width, send a test to the signed-in admin, then send to every confirmed subscriber
 * (after a confirmation step) or schedule it. Every control is a native one, in reading order.
 */
export function NewsletterComposer({ products, adminEmail, confirmed }: { products: Product[]; adminEmail: string; confirmed: number }) {
  const timeZone = useAdminTimeZone();
  const [content, setContent] = useState<Content>({ subject: "", preheader: "", body: "", productIds: [] });
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [width, setWidth] = useState<Width>("desktop");
  const [confirming, setConfirming] = useState(false);
  const [scheduleAt, setScheduleAt] = useState("");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [filter, setFilter] = useState("");
  const [showSold, setShowSold] = useState(false);
  const set = (patch: Partial<Content>) => setContent((c) => ({ ...c, ...patch }));

  const report = (ok: boolean, json: Record<string, unknown>, success: string) => {
    setFields(ok ? {} : ((json.fields as Record<string, string>) ?? {}));
    setMessage(ok ? { kind: "ok", text: success } : { kind: "error", text: String(json.message ?? "Something went wrong. Please try again.") });
    return ok;
  };

  // One request at a time. While one runs the buttons say so (aria-disabled) but keep the focus: a disabled
  // button drops it, and a keyboard user who pressed Preview would start again from the top of the page.
  const running = useRef(false);
  async function run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await fn();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** Saves the draft (creates it the first time); returns its id, or null when refused. */
  async function save(): Promise<number | null> {
    const res = campaignId ? await api(`/api/admin/newsletter/campaigns/${campaignId}`, "PUT", content) : await api("/api/admin/newsletter/campaigns", "POST", content);
    if (!report(res.ok, res.json, "Draft saved.")) return null;
    const id = Number(res.json.id);
    setCampaignId(id);
    changed();
    return id;
  }

  const newPieces = () =>
    run(async () => {
      const res = await api("/api/admin/newsletter/new-pieces", "GET");
      if (!res.ok) return report(false, res.json, "");
      const draft = res.json as unknown as Content & { productIds: number[] };
      setContent({ subject: draft.subject, preheader: draft.preheader, body: draft.body, productIds: draft.productIds });
      setMessage({ kind: "ok", text: `"New pieces" draft filled in with ${draft.productIds.length} product${draft.productIds.length === 1 ? "" : "s"}.` });
    });

  const showPreview = () =>
    run(async () => {
      const res = await api("/api/admin/newsletter/preview", "POST", content);
      if (report(res.ok, res.json, "Preview updated below.")) setPreview(String(res.json.html));
    });

  const sendTest = () =>
    run(async () => {
      const res = await api("/api/admin/newsletter/test", "POST", content);
      report(res.ok, res.json, `Test sent to ${adminEmail}.`);
    });

  const askToSend = async () => {
    const id = await run(save);
    if (!id) return;
    setConfirming(true);
    setTimeout(() => confirmRef.current?.focus(), 0);
  };

  const sendNow = () =>
    run(async () => {
      const res = await api(`/api/admin/newsletter/campaigns/${campaignId}/send`, "POST", {});
      setConfirming(false);
      if (report(res.ok, res.json, `Sending to ${countOf(Number((res.json.progress as { total?: number })?.total ?? 0), "confirmed subscriber")}. Progress is shown below.`)) {
        setCampaignId(null);
        setContent({ subject: "", preheader: "", body: "", productIds: [] });
        setPreview(null);
      }
      changed();
    });

  const schedule = () =>
    run(async () => {
      if (!scheduleAt) return report(false, { message: "Choose a date and time", fields: { scheduledAt: "Choose a date and time" } }, "");
      const id = await save();
      if (!id) return;
      // Typed in the shop's time, as every admin time is shown, whatever the browser's own zone.
      const at = wallTimeInZone(scheduleAt, timeZone);
      if (!at) return report(false, { message: "Choose a date and time", fields: { scheduledAt: "Choose a date and time" } }, "");
      const res = await api(`/api/admin/newsletter/campaigns/${id}/send`, "POST", { scheduledAt: at.toISOString() });
      if (report(res.ok, res.json, `Scheduled for ${formatDateTime(at.toISOString(), timeZone)}.`)) {
        setCampaignId(null);
        setContent({ subject: "", preheader: "", body: "", productIds: [] });
        setPreview(null);
      }
      changed();
    });

  // Sold one-of-a-kind pieces are left out unless asked for (a chosen one stays, marked, so it can be unticked).
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = products.filter((p) => (showSold || !p.sold || content.productIds.includes(p.id)) && words.every((w) => p.name.toLowerCase().includes(w)));
  const soldCount = products.filter((p) => p.sold).length;
  const toggleProduct = (id: number, on: boolean) => set({ productIds: on ? [...content.productIds, id] : content.productIds.filter((p) => p !== id) });

  return (
    <section aria-labelledby="compose-heading" className="rounded-lg border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compose-heading" className="text-xl font-semibold">
          Compose
        </h2>
        <Button type="button" variant="outline" onClick={newPieces} aria-disabled={busy || undefined}>
          Start from &ldquo;New pieces&rdquo;
        </Button>
      </div>
      <form
        className="mt-4 grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void run(save);
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="nl-subject">Subject</Label>
          <Input
            id="nl-subject"
            value={content.subject}
            onChange={(e) => set({ subject: e.target.value })}
            maxLength={150}
            required
            aria-invalid={fields.subject ? true : undefined}
            aria-describedby={fields.subject ? "nl-subject-error" : undefined}
          />
          {fields.subject && (
            <p id="nl-subject-error" className="text-sm text-destructive">
              {fields.subject}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="nl-preheader">Preheader</Label>
          <Input id="nl-preheader" value={content.preheader} onChange={(e) => set({ preheader: e.target.value })} maxLength={200} aria-describedby="nl-preheader-hint" />
          <p id="nl-preheader-hint" className="text-sm text-muted-foreground">
            The line inboxes show after the subject.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="nl-body">Text (Markdown)</Label>
          <Textarea
            id="nl-body"
            rows={10}
            value={content.body}
            onChange={(e) => set({ body: e.target.value })}
            required
            aria-describedby={fields.body ? "nl-body-hint nl-body-error" : "nl-body-hint"}
            aria-invalid={fields.body ? true : undefined}
          />
          <p id="nl-body-hint" className="text-sm text-muted-foreground">
            **bold**, *italic*, [a link](https://…), ## a heading, - a list. An image needs a description: ![a walnut bowl](https://…).
          </p>
          {fields.body && (
            <p id="nl-body-error" className="text-sm text-destructive">
              {fields.body}
            </p>
          )}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Products in the grid ({content.productIds.length} chosen)</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <Label htmlFor="nl-product-filter">Find products</Label>
              <Input id="nl-product-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name contains…" className="w-64 max-w-full" />
            </div>
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={showSold} onChange={(e) => setShowSold(e.target.checked)} />
              <span>Show sold pieces ({soldCount})</span>
            </label>
          </div>
          <div className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2" data-testid="nl-product-choices">
            {shown.length === 0 && <p className="text-sm text-muted-foreground">No products match.</p>}
            {shown.map((p) => (
              <label key={p.id} className="flex min-h-10 items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={content.productIds.includes(p.id)} onChange={(e) => toggleProduct(p.id, e.target.checked)} />
                <span>
                  {p.name} — ${p.price}
                  {p.sold && <span className="ml-2 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Sold</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
            Save draft
          </Button>
          <Button type="button" variant="outline" onClick={showPreview} aria-disabled={busy || undefined}>
            Preview
          </Button>
          <Button type="button" variant="outline" onClick={sendTest} aria-disabled={busy || undefined}>
            Send a test to {adminEmail}
          </Button>
          <Button type="button" onClick={askToSend} aria-disabled={busy || undefined} disabled={confirming}>
            Send to all confirmed subscribers
          </Button>
        </div>
        {confirming && (
          <div role="group" aria-labelledby="nl-confirm-text" className="rounded-md border border-primary/40 bg-primary/5 p-3">
            <p id="nl-confirm-text" className="font-medium">
              Send &ldquo;{content.subject}&rdquo; to {countOf(confirmed, "confirmed subscriber")} now?
            </p>
            <div className="mt-2 flex gap-2">
              <Button type="button" ref={confirmRef} onClick={sendNow} aria-disabled={busy || undefined}>
                Yes, send now
              </Button>
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-2">
            <Label htmlFor="nl-schedule">Or send at (shop time, {timeZone})</Label>
            <Input id="nl-schedule" type="datetime-local" value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} aria-invalid={fields.scheduledAt ? true : undefined} />
          </div>
          <Button type="button" variant="outline" onClick={schedule} aria-disabled={busy || undefined}>
            Schedule
          </Button>
        </div>
        <p role="status" aria-live="polite" className={message?.kind === "error" ? "text-sm text-destructive" : "text-sm"} data-testid="newsletter-status">
          {message?.text}
        </p>
      </form>
      {preview !== null && (
        <section aria-labelledby="preview-heading" className="mt-6">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id="preview-heading" className="text-lg font-semibold">
              Preview
            </h3>
            <div role="group" aria-label="Preview width" className="flex gap-2">
              {(Object.keys(WIDTHS) as Width[]).map((w) => (
                <Button key={w} type="button" size="sm" variant={width === w ? "default" : "outline"} aria-pressed={width === w} onClick={() => setWidth(w)}>
                  {w === "desktop" ? "Desktop" : "Phone"}
                </Button>
              ))}
            </div>
          </div>
          <div className="mt-3 max-w-full overflow-x-auto">
            <iframe
              title={`Newsletter preview at ${width} width`}
              sandbox=""
              srcDoc={preview}
              style={{ width: WIDTHS[width], maxWidth: "100%", height: 720 }}
              className="rounded-md border bg-white"
              data-testid="newsletter-preview"
            />
          </div>
        </section>
      )}
    </section>
  );
}
