import { carrierServiceLabel, DEFAULT_ZONES, deliveryEstimate, priceShipment, rateCode, RATE_CODE, serviceLabel, tableRate, zoneOf, type ShipLine, type ZoneRule } from "@/lib/shipping/rules";
import { parseTableText, tableText } from "@/lib/shipping/schemas";

const line = (over: Partial<ShipLine> = {}): ShipLine => ({ name: "Piece", amount: 24_00, quantity: 1, ...over });
const table: ZoneRule = {
  code: "us",
  ships: true,
  method: "table",
  flatRate: 15_99,
  freeOver: null,
  rateTable: [
    { upToGrams: 500, rate: 6_50 },
    { upToGrams: 5000, rate: 14_00 },
    { upToGrams: null, rate: 48_00 },
  ],
};
const amount = (lines: ShipLine[], rule: ZoneRule = DEFAULT_ZONES.us) => {
  const priced = priceShipment(lines, rule, "here");
  return "amount" in priced ? priced.amount : priced.message;
};

describe("the shipping rule", () => {
  it("is the spec's by default: $15.99, free OVER $100 of goods (exactly $100 pays), gift cards ship nothing and do not count", () => {
    expect(amount([line()])).toBe(15_99);
    expect(amount([line({ amount: 100_00 })])).toBe(15_99);
    expect(amount([line({ amount: 100_01 })])).toBe(0);
    expect(amount([line({ amount: 90_00 }), line({ amount: 50_00, giftCard: true })])).toBe(15_99);
    expect(amount([line({ giftCard: true })])).toBe(0);
  });

  it("prices a table by the parcel's weight, the last row open-ended; a piece without a weight pays the flat rate at least", () => {
    expect(tableRate(40, table.rateTable)).toBe(6_50);
    expect(tableRate(500, table.rateTable)).toBe(6_50);
    expect(tableRate(501, table.rateTable)).toBe(14_00);
    expect(tableRate(900_000, table.rateTable)).toBe(48_00);
    expect(amount([line({ weightGrams: 40 })], table)).toBe(6_50);
    expect(amount([line({ weightGrams: 14_000 })], table)).toBe(48_00);
    expect(amount([line({ weightGrams: null })], table)).toBe(15_99);
    expect(amount([line({ weightGrams: 40 }), line({ weightGrams: null })], table)).toBe(15_99);
    expect(amount([line({ weightGrams: 200, quantity: 3 })], table)).toBe(14_00);
  });

  it("adds an oversize piece's own freight, refuses one delivered by arrangement and a zone that does not ship", () => {
    expect(amount([line({ freight: 180_00, weightGrams: 60_000 }), line({ weightGrams: 40 })], table)).toBe(186_50);
    expect(amount([line({ freight: 180_00, quantity: 2 })], table)).toBe(360_00);
    expect(amount([line({ contactForDelivery: true, name: "Shed" })])).toBe("“Shed” is delivered by arrangement: contact us for delivery, or choose local pickup.");
    expect(amount([line()], DEFAULT_ZONES.ca)).toBe("We don't ship to here.");
  });

  it("finds the zone from the country and the state or ZIP; an unknown country is an error", () => {
    expect(zoneOf({ country: "US", state: "NC" })).toEqual({ zone: "us" });
    expect(zoneOf({ country: "US", state: "Hawaii" })).toEqual({ zone: "us_remote" });
    expect(zoneOf({ country: "US", state: "ak" })).toEqual({ zone: "us_remote" });
    expect(zoneOf({ country: "US", state: "PR" })).toEqual({ zone: "us_remote" });
    expect(zoneOf({ country: "US", state: "Big Island", postalCode: "96720" })).toEqual({ zone: "us_remote" });
    expect(zoneOf({ country: "US", state: "Somewhere", postalCode: "28801" })).toEqual({ zone: "us" });
    expect(zoneOf({ country: "CA", state: "ON" })).toEqual({ zone: "ca" });
    expect(zoneOf({ country: "GB" })).toEqual({ zone: "world" });
    for (const code of ["XX", "ZZ", "EU", "QQ", "U"]) expect(zoneOf({ country: code })).toMatchObject({ code: "unknown_country" });
  });

  it("reads the Shipping screen's typed rate table and writes it back", () => {
    expect(parseTableText("500: 6.50\n 5000 g = $14.00 \n\nany: 48.00")).toEqual([
      { upToGrams: "500", rate: "6.50" },
      { upToGrams: "5000", rate: "14.00" },
      { upToGrams: null, rate: "48.00" },
    ]);
    expect(parseTableText("heavy things")).toEqual([{ upToGrams: "heavy things", rate: "" }]);
    expect(
      tableText([
        { upToGrams: 500, rate: "6.50" },
        { upToGrams: null, rate: "48.00" },
      ]),
    ).toBe("500: 6.50\nany: 48.00");
  });

  it("names a carrier's rate by one code the checkout sends back, and says it in words", () => {
    expect(rateCode("UPS", "Ground")).toBe("UPS_GROUND");
    expect(rateCode("FedEx", "FEDEX_HOME_DELIVERY")).toBe("FEDEX_FEDEX_HOME_DELIVERY");
    expect(rateCode("USPS", "GroundAdvantage")).toBe("USPS_GROUND_ADVANTAGE");
    expect(rateCode("UPS", "2ndDayAir")).toBe("UPS_2ND_DAY_AIR");
    expect(serviceLabel("FEDEX_FEDEX_HOME_DELIVERY")).toBe("FedEx Home Delivery");
    expect(serviceLabel("USPS_GROUND_ADVANTAGE")).toBe("USPS Ground Advantage");
    expect(serviceLabel("UPS_GROUND")).toBe("UPS Ground");
    expect(serviceLabel("LOCAL_PICKUP")).toBe("Local pickup");
    expect(carrierServiceLabel("USPS", "GroundAdvantage")).toBe("USPS Ground Advantage");
    expect(carrierServiceLabel("FedEx", "FEDEX_HOME_DELIVERY")).toBe("FedEx Home Delivery");
    expect(deliveryEstimate(1)).toBe("Estimated 1 business day");
    expect(deliveryEstimate(6)).toBe("Estimated 6 business days");
    expect(deliveryEstimate(null)).toBeNull();
    for (const bad of ["", "ups_ground", "UPS GROUND", "UPS\u0000", "_UPS", "A".repeat(81)]) expect(RATE_CODE.test(bad)).toBe(false);
    expect(RATE_CODE.test("UPS_GROUND")).toBe(true);
  });
});
