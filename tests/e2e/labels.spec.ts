import { mkdirSync, writeFileSync } from "node:fs";
import { lookAt } from "./look";
import path from "node:path";
import { test, expect, type Page } from "./test";
import { axeReport, seedOrder, signIn } from "./a11y-helpers";
import { E2E_EASYPOST_WEBHOOK_SECRET, queryE2eDb } from "./e2e-env";
import { fakeRefundEvent, signEasyPostWebhook } from "../helpers/fake-easypost";

/**
 * A shipping label from the order screen, at 1280 and 390 px, against the e2e server's fake EasyPost
 * (tests/e2e/start-server.ts): the parcel pre-filled, the rates, a label bought in a click (the order
 * shipped, its tracking saved), the 4×6 PDF behind "Print label" (admins only), the label voided; axe clean.
 */
const SHOTS = path.resolve("test-results/labels");
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string | RegExp) => page.getByRole("region", { name: /Notifications/ }).getByText(text);

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await queryE2eDb(`INSERT INTO "ShippingBox" (name, "innerLengthMm", "innerWidthMm", "innerHeightMm", "updatedAt") VALUES ('Coaster box', 150, 150, 60, now()) ON CONFLICT (name) DO NOTHING`);
});

for (const width of [1280, 390]) {
  test(`buys, prints and voids a label from the order dialog at ${width} px`, async ({ page }) => {
    // Sign-in, rates, buy, print and void, each a carrier round trip: about 26 s alone, past 45 s on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const { orderNumber } = await seedOrder(`label-${width}-${tag()}`, { status: "processing" });
    const [{ id }] = await queryE2eDb<{ id: number }>(`SELECT id FROM "Order" WHERE "orderNumber" = $1`, [orderNumber]);
    await signIn(page);
    await page.goto("/admin/orders");
    await page.getByRole("button", { name: `View order ${orderNumber}` }).click();
    const panel = page.getByRole("dialog").getByTestId("label-panel");
    await expect(panel.getByLabel("Box")).toHaveValue(/\d+/);
    await panel.getByLabel("Packed weight (grams)").fill("850");
    await panel.getByRole("button", { name: "Get rates" }).click();
    await expect(panel.getByRole("group", { name: /Rates for Coaster box, 850 g/ })).toBeVisible();
    const cheapest = panel.getByRole("radio").first();
    await expect(cheapest).toBeChecked();
    expect(await axeReport(page), `axe on the rates at ${width} px`).toEqual([]);
    await lookAt(page, { path: path.join(SHOTS, `rates-${width}.png`), fullPage: true });

    const buy = panel.getByRole("button", { name: /^Buy label — \$\d+\.\d\d$/ });
    const price = (await buy.textContent())!.replace(/^.*— /, "");
    await buy.click();
    await expect(toast(page, "Label bought")).toBeVisible();
    const label = panel.getByTestId("shipping-label");
    await expect(label).toContainText(price);
    const [order] = await queryE2eDb<{ status: string; carrier: string; trackingNumber: string }>(`SELECT status, carrier, "trackingNumber" FROM "Order" WHERE id = $1`, [id]);
    expect(order).toMatchObject({ status: "shipped", carrier: "USPS" });
    await expect(label).toContainText(order.trackingNumber);
    await expect(page.getByRole("dialog").getByTestId("order-timeline")).toContainText(`Label bought: USPS`);
    expect(await axeReport(page), `axe on the bought label at ${width} px`).toEqual([]);
    await lookAt(page, { path: path.join(SHOTS, `bought-${width}.png`), fullPage: true });

    // "Print label" opens the 4×6 PDF in a new tab; the file is the admin's only.
    const print = label.getByRole("link", { name: "Print label (4×6 PDF)" });
    await expect(print).toHaveAttribute("target", "_blank");
    const href = (await print.getAttribute("href"))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("/MediaBox [0 0 288 432]");
    expect(bytes.toString("latin1")).toContain(order.trackingNumber);
    writeFileSync(path.join(SHOTS, `label-${width}.pdf`), bytes);
    const anonymous = await page.context().browser()!.newContext();
    // Signed out, the label's address leads to the sign-in page (the admin guard's redirect), never to the PDF.
    const anonymousAnswer = await anonymous.request.get(new URL(href, page.url()).toString(), { maxRedirects: 0 });
    expect({ status: anonymousAnswer.status(), pdf: (await anonymousAnswer.body()).subarray(0, 5).toString() === "%PDF-" }).toEqual({ status: expect.any(Number), pdf: false });
    expect([302, 303, 307, 308, 401, 404]).toContain(anonymousAnswer.status());
    await anonymous.close();

    await label.getByRole("button", { name: "Void label" }).click();
    await label.getByRole("button", { name: "Yes, void label" }).click();
    await expect(toast(page, "Label voided")).toBeVisible();
    await expect(label).toContainText("Voided — refund requested");
    await expect(page.getByRole("dialog").getByTestId("order-timeline")).toContainText("Label voided: USPS");
    // The parcel never left: the order is back to processing, its dead tracking number gone.
    await expect(page.getByRole("dialog").getByTestId("order-timeline")).toContainText("Status Shipped → Processing — label voided");
    expect((await queryE2eDb<{ status: string; trackingNumber: string | null }>(`SELECT status, "trackingNumber" FROM "Order" WHERE id = $1`, [id]))[0]).toEqual({
      status: "processing",
      trackingNumber: null,
    });
    // Voided, another label can be bought.
    await expect(panel.getByRole("button", { name: "Get rates" })).toBeVisible();
    expect(await axeReport(page), `axe after the void at ${width} px`).toEqual([]);
    await lookAt(page, { path: path.join(SHOTS, `voided-${width}.png`), fullPage: true });

    // Days later the carrier confirms the refund (its signed webhook): the label and the timeline say so.
    const [{ shipmentId }] = await queryE2eDb<{ shipmentId: string }>(`SELECT "shipmentId" FROM "ShippingLabel" WHERE "orderId" = $1`, [id]);
    const event = JSON.stringify(fakeRefundEvent(shipmentId, "refunded", { trackingCode: order.trackingNumber }));
    const answer = await page.request.post("/api/webhooks/easypost", {
      data: event,
      headers: { "content-type": "application/json", "x-hmac-signature": signEasyPostWebhook(event, E2E_EASYPOST_WEBHOOK_SECRET) },
    });
    expect(answer.status()).toBe(200);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: `View order ${orderNumber}` }).click();
    await expect(panel.getByTestId("shipping-label")).toContainText("Voided — refund received");
    await expect(page.getByRole("dialog").getByTestId("order-timeline")).toContainText(`Label refund confirmed by the carrier: USPS ${order.trackingNumber}`);
  });
}
