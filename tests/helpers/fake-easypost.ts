import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for EasyPost's HTTP API: POST /v2/shipments answers a shipment
 * with USPS, UPS and FedEx rates worked out from the parcel's ounces and the destination ZIP (Alaska
 * and Hawaii cost more), for tests that drive the real `@easypost/api` SDK through its baseUrl option.
 * `delayMs` makes it slow (the checkout's timeout), `failWith` makes it answer an error.
 */
export const FAKE_EASYPOST_KEY = "EZTKfake0000000000000000000000000000";

export type FakeShipmentRequest = {
  auth: string | undefined;
  body: { shipment?: { to_address?: { zip?: string; country?: string }; from_address?: { zip?: string }; parcel?: { weight?: number; length?: number } } };
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
};

export async function startFakeEasyPost(): Promise<FakeEasyPost> {
  let n = 0;
  const fake = { requests: [] as FakeShipmentRequest[], delayMs: 0, failWith: null as number | null } as FakeEasyPost;
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
      if (req.method !== "POST" || req.url !== "/v2/shipments") return send(404, { error: { code: "NOT_FOUND", message: "The requested resource could not be found." } });
      let body: FakeShipmentRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      } catch {
        return send(400, { error: { code: "BAD_REQUEST", message: "Malformed JSON" } });
      }
      fake.requests.push({ auth: key, body });
      setTimeout(() => {
        if (key !== FAKE_EASYPOST_KEY) return send(401, { error: { code: "APIKEY.INVALID", message: "Invalid API key." } });
        if (fake.failWith) return send(fake.failWith, { error: { code: "ADDRESS.VERIFY.FAILURE", message: "Unable to verify address." } });
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
        send(201, { id, object: "Shipment", mode: "test", to_address: shipment.to_address, from_address: shipment.from_address, parcel: shipment.parcel, rates, messages: [] });
      }, fake.delayMs);
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
