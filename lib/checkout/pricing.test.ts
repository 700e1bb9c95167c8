import { amountForFreeShipping, estimateTax, FLAT_SHIPPING, orderTotals, shippingFor, subtotalOf } from "@/lib/checkout/pricing";
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
    expect(
      subtotalOf([
        { price: toCents("19.99"), quantity: 3 },
        { price: toCents("0.01"), quantity: 1 },
      ]),
    ).toBe(toCents("59.98"));
  });
});

describe("orderTotals (cart page, checkout summary and server)", () => {
  const lines = [
    { price: "40.00", quantity: 2 },
    { price: "320.00", quantity: 1, unavailable: "This piece has been sold." },
  ];

  it("counts only available lines and charges flat shipping at or under $100", () => {
    expect(orderTotals(lines)).toMatchObject({ subtotal: 8000, shipping: FLAT_SHIPPING, tax: 0, total: 8000 + FLAT_SHIPPING, freeShipping: false, toFreeShipping: 2001 });
  });

  it("adds the 8 % estimate only on the cart page", () => {
    expect(orderTotals(lines, { taxEstimate: true })).toMatchObject({ subtotal: 8000, tax: 640, total: 8000 + FLAT_SHIPPING + 640 });
  });

  it("charges no shipping at checkout until the address is complete, and none over $100", () => {
    expect(orderTotals(lines, { addressComplete: false })).toMatchObject({ shipping: 0, total: 8000, addressComplete: false });
    expect(orderTotals([{ price: "100.01", quantity: 1 }])).toMatchObject({ shipping: 0, total: 10001, freeShipping: true, toFreeShipping: 0 });
    expect(orderTotals([{ price: "100.00", quantity: 1 }])).toMatchObject({ shipping: FLAT_SHIPPING, total: 10000 + FLAT_SHIPPING });
  });

  it("ships nothing for gift cards: they do not count toward the $100 or the tax estimate, and gift cards alone pay no shipping", () => {
    const card = { price: "100.00", quantity: 1, giftCard: true };
    expect(orderTotals([card, { price: "24.00", quantity: 1 }], { taxEstimate: true })).toMatchObject({
      subtotal: 12400,
      goods: 2400,
      shipping: FLAT_SHIPPING,
      tax: 192,
      total: 12400 + FLAT_SHIPPING + 192,
      freeShipping: false,
      toFreeShipping: 7601,
    });
    expect(orderTotals([card], { taxEstimate: true })).toMatchObject({ subtotal: 10000, goods: 0, shipping: 0, tax: 0, total: 10000, freeShipping: true, toFreeShipping: 0 });
    expect(orderTotals([card, { price: "100.01", quantity: 1 }])).toMatchObject({ shipping: 0, freeShipping: true });
  });
});
