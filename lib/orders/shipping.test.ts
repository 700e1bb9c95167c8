import { normalizeTrackingNumber, shipmentSchema, trackingNumberProblem, trackingUrl } from "@/lib/orders/shipping";

describe("tracking numbers", () => {
  it("accepts each carrier's formats, spaces and dashes ignored", () => {
    expect(trackingNumberProblem("USPS", "9400 1000 0000 0000 0000 00")).toBeNull();
    expect(trackingNumberProblem("USPS", "EC123456789US")).toBeNull();
    expect(trackingNumberProblem("UPS", "1z999aa10123456784")).toBeNull();
    expect(trackingNumberProblem("FedEx", "1234-5678-9012")).toBeNull();
    expect(trackingNumberProblem("other", "DHL-12345")).toBeNull();
  });

  it("refuses numbers that do not fit", () => {
    expect(trackingNumberProblem("USPS", "12345")).toMatch(/USPS/);
    expect(trackingNumberProblem("UPS", "9400100000000000000000")).toMatch(/1Z/);
    expect(trackingNumberProblem("FedEx", "1Z999AA10123456784")).toMatch(/FedEx/);
    expect(trackingNumberProblem("other", "<script>")).toMatch(/letters or digits/);
  });

  it("normalises and links to the carrier's tracking page", () => {
    expect(normalizeTrackingNumber(" 1z 999-aa1 ")).toBe("1Z999AA1");
    expect(shipmentSchema.parse({ carrier: "UPS", trackingNumber: "1z 999 aa1 01 2345 6784" })).toEqual({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(trackingUrl("USPS", "9400100000000000000000")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000");
    expect(trackingUrl("FedEx", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingUrl("other", "X1234")).toBeNull();
    expect(trackingUrl(null, null)).toBeNull();
  });
});
