import { amountForFreeShipping, estimateTax, FLAT_SHIPPING, shippingFor, subtotalOf } from "@/lib/checkout/pricing";
import { toCents } from "@/lib/money";

describe("shipping and tax rules (spec §9)", () => {
  it.each([
    ["99.99", 1599],
    ["100.00", 1599],
    ["100.01", 0],
    ["250.00", 0],
    ["8.50", 1599],
  ])("subtotal %s ships for %i cents", (subtotal, expected) => {
    expect(shippingFor(toCents(subtotal))).toBe(expected);
  });

  it("charges no shipping until the address is complete", () => {
    expect(shippingFor(toCents("20.00"), false)).toBe(0);
    expect(shippingFor(toCents("20.00"), true)).toBe(FLAT_SHIPPING);
  });

  it("says how much more takes the order over $100", () => {
    expect(amountForFreeShipping(toCents("60.00"))).toBe(toCents("40.01"));
    expect(amountForFreeShipping(toCents("100.00"))).toBe(1);
    expect(amountForFreeShipping(toCents("100.01"))).toBe(0);
  });

  it("estimates tax at 8 percent", () => {
    expect(estimateTax(toCents("125.00"))).toBe(toCents("10.00"));
  });

  it("adds line totals in integer cents", () => {
    expect(subtotalOf([{ price: toCents("19.99"), quantity: 3 }, { price: toCents("0.01"), quantity: 1 }])).toBe(toCents("59.98"));
  });
});
