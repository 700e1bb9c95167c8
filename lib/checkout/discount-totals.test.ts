import { discountedTotals } from "@/lib/checkout/discount-totals";

describe("discountedTotals: a discount code on the order totals", () => {
  it("takes the discount as its own amount, waives shipping for free shipping, and estimates tax after the discount", () => {
    const lines = [{ price: "24.00", quantity: 2 }];
    expect(discountedTotals(lines, { discount: { merchandise: 480, freeShipping: false } })).toMatchObject({ subtotal: 4800, shipping: 1599, discount: 480, total: 5919 });
    expect(discountedTotals(lines, { discount: { merchandise: 0, freeShipping: true } })).toMatchObject({ shipping: 1599, discount: 1599, total: 4800 });
    expect(discountedTotals(lines, { addressComplete: false, discount: { merchandise: 0, freeShipping: true } })).toMatchObject({ shipping: 0, discount: 0, total: 4800 });
    expect(discountedTotals(lines, { taxEstimate: true, discount: { merchandise: 800, freeShipping: false } })).toMatchObject({ tax: 320, total: 4800 + 1599 - 800 + 320 });
    expect(discountedTotals(lines, { discount: { merchandise: 99_999, freeShipping: false } }).discount).toBe(4800);
  });
});
