import { customerEmailKey, lineEligible, priceDiscountLines, type DiscountTerms } from "@/lib/discounts/rules";

const terms = (t: Partial<DiscountTerms>): DiscountTerms => ({ kind: "percentage", percentOff: 10, amountOff: null, includeUniquePieces: true, categoryIds: [], ...t });
const line = (productId: number, price: number, quantity = 1, extra: { uniqueItem?: boolean; categoryId?: number } = {}) => ({
  key: String(productId),
  productId,
  price,
  quantity,
  uniqueItem: false,
  categoryId: 1,
  ...extra,
});

describe("discount rules", () => {
  it("takes a percentage of the eligible lines, rounded half up, and shares it among them to the cent", () => {
    const price = priceDiscountLines(terms({ percentOff: 15 }), [line(1, 3333), line(2, 3333), line(3, 3334, 1, { categoryId: 2 })]);
    expect(price.merchandise).toBe(1500);
    expect(Object.values(price.perLine).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(price.perLine).toEqual({ 1: 499, 2: 499, 3: 502 });
  });

  it("never takes more than the eligible lines for a fixed amount; free shipping takes nothing off the lines", () => {
    expect(priceDiscountLines(terms({ kind: "fixed", percentOff: null, amountOff: 5000 }), [line(1, 2400)]).merchandise).toBe(2400);
    expect(priceDiscountLines(terms({ kind: "free_shipping", percentOff: null }), [line(1, 2400)])).toMatchObject({ merchandise: 0, freeShipping: true, perLine: {} });
  });

  it("leaves out one-of-a-kind pieces and other categories when the code says so", () => {
    expect(lineEligible(terms({ includeUniquePieces: false }), line(1, 100, 1, { uniqueItem: true }))).toBe(false);
    expect(lineEligible(terms({ categoryIds: [2] }), line(1, 100))).toBe(false);
    const price = priceDiscountLines(terms({ percentOff: 50, categoryIds: [2] }), [line(1, 1000), line(2, 1000, 2, { categoryId: 2 })]);
    expect(price).toMatchObject({ merchandise: 1000, perLine: { 2: 1000 }, eligibleSubtotal: 2000 });
  });
});

describe("customerEmailKey", () => {
  it("reads one customer through case, +tags and Gmail's dots", () => {
    expect(customerEmailKey("Shopper+1@Example.com")).toBe("shopper@example.com");
    expect(customerEmailKey("shopper+2@example.com")).toBe("shopper@example.com");
    expect(customerEmailKey("A.Da+promo@GoogleMail.com")).toBe("ada@gmail.com");
    expect(customerEmailKey("a.da@example.com")).toBe("a.da@example.com");
  });
});
