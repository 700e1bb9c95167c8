import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for EasyPost's HTTP API: POST /v2/shipments answers a shipment
 * with USPS, UPS and FedEx rates worked out from the parcel's ounces and the destination ZIP (Alaska
 * and Hawaii cost more), for tests that drive the real `@easypost/api` SDK through its baseUrl option.
 * `delayMs` makes it slow (the checkout's timeout), `failWith` makes it answer an error. A process that
 * cannot set them (the browser tests' shop) asks through the address, as a real carrier would answer it:
 * a street naming "Undeliverable" is refused (ADDRESS.VERIFY.FAILURE), one naming "Slow Carrier" is
 * answered after SLOW_CARRIER_MS (past the shop's default 3 s timeout).
 */
export const SLOW_CARRIER_MS = 4_000;
export const FAKE_EASYPOST_KEY = "EZTKfake0000000000000000000000000000";

export type FakeShipmentRequest = {
  auth: string | undefined;
  body: { shipment?: { to_address?: { zip?: string; country?: string; street1?: string }; from_address?: { zip?: string }; parcel?: { weight?: number; length?: number } } };
};

const round2 = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** The fake's price list: what a parcel of `ounces` to `zip` costs with each carrier. */
export function fakeRates(ounces: number, zip: string) {
  const remote = /^(96[7-9]|99[5-9])/.test(zip);
  return [
    { carrier: "USPS", service: "GroundAdvantage", rate: round2((4.5 + 0.12 * ounces) * (remote ? 2.2 : 1)), delivery_days: remote ? 6 : 3 },
    { carrier: "UPS", service: "Ground", rate: round2((7.8 + 0.09 * ounces) * (remote ? 2.6 : 1)), delivery_days: remote ? 7 : 4 },
    { carrier: "FedEx", service: "FEDEX_HOME_DELIVERY", rate: round2((9.1 + 0.08 * ounces) * (remote ? 2.4 : 1)), delivery_days: remote ? 5 : 3 },
  ];
}

export type FakeEasyPost = {
  port: number;
  baseUrl: string;
  requests: FakeShipmentRequest[];
  delayMs: number;
  failWith: number | null;
  close(): Promise<void>;
} & FakeLabelState;

export async function startFakeEasyPost(): Promise<FakeEasyPost> {
  let n = 0;
  const fake = { requests: [] as FakeShipmentRequest[], delayMs: 0, failWith: null as number | null, ...newLabelState() } as FakeEasyPost;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const auth = req.headers.authorization;
      const key = auth?.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString().replace(/:$/, "") : undefined;
      if (labelRoute(fake, req, Buffer.concat(chunks), res, key)) return;
      if (req.method !== "POST" || req.url !== "/v2/shipments") return send(404, { error: { code: "NOT_FOUND", message: "The requested resource could not be found." } });
      let body: FakeShipmentRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      } catch {
        return send(400, { error: { code: "BAD_REQUEST", message: "Malformed JSON" } });
      }
      fake.requests.push({ auth: key, body });
      const street = String(body.shipment?.to_address?.street1 ?? "");
      const failWith = fake.failWith ?? (/Undeliverable/i.test(street) ? 422 : null);
      setTimeout(
        () => {
          if (key !== FAKE_EASYPOST_KEY) return send(401, { error: { code: "APIKEY.INVALID", message: "Invalid API key." } });
          if (failWith) return send(failWith, { error: { code: "ADDRESS.VERIFY.FAILURE", message: "Unable to verify address." } });
          const shipment = body.shipment ?? {};
          const id = `shp_fake${++n}`;
          const rates = fakeRates(shipment.parcel?.weight ?? 0, shipment.to_address?.zip ?? "").map((r, i) => ({
            id: `rate_fake${n}_${i}`,
            object: "Rate",
            shipment_id: id,
            currency: "USD",
            mode: "test",
            ...r,
          }));
          const created = {
            id,
            object: "Shipment",
            mode: "test",
            to_address: shipment.to_address,
            from_address: shipment.from_address,
            parcel: shipment.parcel,
            options: (shipment as Record<string, unknown>).options,
            reference: (shipment as Record<string, unknown>).reference,
            rates,
            messages: [],
          };
          fake.shipments.set(id, created);
          send(201, created);
        },
        Math.max(fake.delayMs, /Slow Carrier/i.test(street) ? SLOW_CARRIER_MS : 0),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.baseUrl = `http://127.0.0.1:${fake.port}/v2/`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

// ─── labels: buy, refund, the label's PDF, tracker webhooks ──────────────────

/** What the fake keeps of shipments and labels, and how it misbehaves for the label calls. */
export type FakeLabelState = {
  /** Every shipment created (id → the shipment as answered, then as bought). */
  shipments: Map<string, Record<string, unknown>>;
  /** The label calls received: buy, refund and label downloads, in order. */
  labelCalls: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** Makes buy and refund answer this status (a carrier error). */
  labelFailWith: number | null;
  /** Makes buy and refund slow (a carrier timeout). */
  labelDelayMs: number;
  /** The refund's answer: EasyPost's "submitted" (the usual), "refunded" or "rejected". */
  refundStatus: "submitted" | "refunded" | "rejected";
};

const newLabelState = (): FakeLabelState => ({ shipments: new Map(), labelCalls: [], labelFailWith: null, labelDelayMs: 0, refundStatus: "submitted" });

let labelCounter = 0;
const digits = (n: number, seed: number) => String(seed).padStart(n, "0").slice(-n);

/** A tracking number in the carrier's own format (lib/orders/shipping.ts checks these). */
function fakeTrackingCode(carrier: string, seed: number): string {
  if (carrier === "UPS") return `1Z999AA1${digits(10, seed)}`;
  if (carrier === "FedEx") return digits(12, 770000000000 + seed);
  // 22 digits as USPS prints them; built as text (1e17 + seed is past a double's exact integers: every label had one number).
  return `94001${digits(17, seed)}`;
}

/** EasyPost's insurance fee: 0.5 % of the insured value, at least $1 (as a decimal string). */
export const fakeInsuranceFee = (insured: number) => (Math.max(100, Math.round(insured * 100 * 0.005)) / 100).toFixed(2);

/**
 * The label routes: POST /v2/shipments/{id}/buy, POST /v2/shipments/{id}/refund (both need the key) and
 * GET /labels/{id}.pdf (the label's file, public as EasyPost's are). Returns false for any other path.
 */
function labelRoute(fake: FakeEasyPost, req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse, key: string | undefined): boolean {
  const url = req.url ?? "";
  const send = (status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const pdf = /^\/labels\/(shp_fake\d+)\.pdf$/.exec(url);
  if (req.method === "GET" && pdf) {
    fake.labelCalls.push({ method: "GET", path: url, body: {} });
    const shipment = fake.shipments.get(pdf[1]) as { tracking_code?: string; selected_rate?: { carrier?: string; service?: string }; to_address?: Record<string, string> } | undefined;
    if (!shipment?.tracking_code) return (send(404, { error: { code: "NOT_FOUND", message: "No such label" } }), true);
    const to = shipment.to_address ?? {};
    const body = fakeLabelPdf([
      `${shipment.selected_rate?.carrier ?? ""} ${shipment.selected_rate?.service ?? ""}`.trim(),
      "SHIP TO:",
      String(to.name ?? ""),
      String(to.street1 ?? ""),
      `${to.city ?? ""}, ${to.state ?? ""} ${to.zip ?? ""}`,
      `TRACKING # ${shipment.tracking_code}`,
    ]);
    res.writeHead(200, { "content-type": "application/pdf", "content-length": String(body.byteLength) });
    res.end(body);
    return true;
  }
  const action = /^\/v2\/shipments\/(shp_[A-Za-z0-9]+)\/(buy|refund)$/.exec(url);
  if (req.method !== "POST" || !action) return false;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(raw.toString() || "{}");
  } catch {
    return (send(400, { error: { code: "BAD_REQUEST", message: "Malformed JSON" } }), true);
  }
  fake.labelCalls.push({ method: "POST", path: url, body });
  setTimeout(() => {
    if (key !== FAKE_EASYPOST_KEY) return send(401, { error: { code: "APIKEY.INVALID", message: "Invalid API key." } });
    if (fake.labelFailWith) return send(fake.labelFailWith, { error: { code: "SHIPMENT.POSTAGE.FAILURE", message: "The carrier could not create the label." } });
    const [, id, verb] = action;
    const shipment = fake.shipments.get(id) as (Record<string, unknown> & { rates: Array<Record<string, string>>; tracking_code?: string }) | undefined;
    if (!shipment) return send(404, { error: { code: "NOT_FOUND", message: "The requested resource could not be found." } });
    if (verb === "refund") {
      if (!shipment.tracking_code) return send(422, { error: { code: "SHIPMENT.REFUND.UNAVAILABLE", message: "This shipment has no postage to refund." } });
      if (shipment.refund_status) return send(422, { error: { code: "SHIPMENT.REFUND.EXISTS", message: "A refund was already requested for this shipment." } });
      shipment.refund_status = fake.refundStatus;
      return send(200, shipment);
    }
    if (shipment.tracking_code) return send(422, { error: { code: "SHIPMENT.POSTAGE.EXISTS", message: "This shipment already has postage." } });
    const rateId = (body.rate as { id?: string } | undefined)?.id;
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate) return send(422, { error: { code: "SHIPMENT.RATE.INVALID", message: "The rate is not one of this shipment's rates." } });
    const seed = ++labelCounter;
    const insured = body.insurance == null ? null : Number(body.insurance);
    const base = `http://127.0.0.1:${fake.port}`;
    Object.assign(shipment, {
      selected_rate: rate,
      tracking_code: fakeTrackingCode(rate.carrier, seed),
      insurance: insured == null ? null : insured.toFixed(2),
      postage_label: { object: "PostageLabel", label_size: "4x6", label_file_type: "application/pdf", label_url: `${base}/labels/${id}.pdf`, label_pdf_url: `${base}/labels/${id}.pdf` },
      tracker: { id: `trk_fake${seed}`, object: "Tracker", public_url: `https://track.easypost.com/fake${seed}` },
      fees: [
        { object: "Fee", type: "LabelFee", amount: "0.00000", charged: true, refunded: false },
        { object: "Fee", type: "PostageFee", amount: rate.rate, charged: true, refunded: false },
        ...(insured == null ? [] : [{ object: "Fee", type: "InsuranceFee", amount: fakeInsuranceFee(insured), charged: true, refunded: false }]),
      ],
      status: "unknown",
    });
    send(200, shipment);
  }, fake.labelDelayMs);
  return true;
}

/** A PDF string literal: backslashes and parentheses escaped, anything outside printable ASCII dropped. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, "").replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A small valid one-page PDF of 4 × 6 inches (288 × 432 points), as a carrier's label is: the
 * lines in Helvetica and a barcode-like block of bars, hand-assembled with its cross-reference table.
 */
export function fakeLabelPdf(lines: string[]): Buffer {
  const bars = Array.from({ length: 48 }, (_, i) => `${24 + i * 5} 60 ${i % 3 === 0 ? 3 : 1.5} 70 re`).join(" ");
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 16 : 12} Tf 24 ${392 - i * 26} Td (${pdfText(line)}) Tj ET`).join("\n");
  const content = `2 w 12 12 264 408 re S\n${text}\n${bars} f`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** EasyPost's webhook signature of a body: X-Hmac-Signature "hmac-sha256-hex=<HMAC-SHA256 of the body with the secret>". */
export function signEasyPostWebhook(body: string, secret: string): string {
  return `hmac-sha256-hex=${createHmac("sha256", Buffer.from(secret.normalize("NFKD"), "utf8"))
    .update(body, "utf8")
    .digest("hex")}`;
}

/** An Event as EasyPost posts it (its envelope), carrying `result` at `at` (whole seconds, as EasyPost writes times). */
function fakeEvent(description: string, previous: Record<string, unknown>, result: (at: string) => Record<string, unknown>, opts: { id?: string; at?: Date }): Record<string, unknown> {
  const at = (opts.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    id: opts.id ?? `evt_fake${Date.now().toString(36)}${++labelCounter}`,
    object: "Event",
    mode: "test",
    description,
    previous_attributes: previous,
    pending_urls: [],
    completed_urls: [],
    user_id: "user_fake",
    status: "pending",
    created_at: at,
    updated_at: at,
    result: { ...result(at), created_at: at, updated_at: at },
  };
}

/**
 * EasyPost's refund.successful Event for a voided label's shipment (the carrier settles the refund days after
 * the void): its Refund object with the carrier's `status`.
 */
export function fakeRefundEvent(shipmentId: string, status: "refunded" | "rejected", opts: { id?: string; at?: Date; trackingCode?: string; carrier?: string } = {}): Record<string, unknown> {
  return fakeEvent(
    "refund.successful",
    { status: "submitted" },
    () => ({
      id: `rfnd_fake${++labelCounter}`,
      object: "Refund",
      mode: "test",
      tracking_code: opts.trackingCode ?? null,
      confirmation_number: null,
      status,
      carrier: opts.carrier ?? "USPS",
      shipment_id: shipmentId,
    }),
    opts,
  );
}

/** A tracker.updated Event as EasyPost posts it, for the label bought on `shipmentId`. */
export function fakeTrackerEvent(fake: FakeEasyPost, shipmentId: string, status: string, opts: { id?: string; at?: Date; statusDetail?: string; message?: string } = {}): Record<string, unknown> {
  const shipment = fake.shipments.get(shipmentId) as { tracking_code?: string; tracker?: { id: string; public_url: string }; selected_rate?: { carrier?: string } } | undefined;
  return fakeEvent(
    "tracker.updated",
    { status: "in_transit" },
    (at) => ({
      id: shipment?.tracker?.id ?? "trk_unknown",
      object: "Tracker",
      mode: "test",
      tracking_code: shipment?.tracking_code ?? "9400000000000000000000",
      status,
      status_detail: opts.statusDetail ?? status,
      carrier: shipment?.selected_rate?.carrier ?? "USPS",
      shipment_id: shipmentId,
      public_url: shipment?.tracker?.public_url ?? null,
      tracking_details: [{ object: "TrackingDetail", status, message: opts.message ?? `Fake carrier: ${status}`, datetime: at }],
    }),
    opts,
  );
}
