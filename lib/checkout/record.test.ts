import { checkoutLines } from "@/lib/checkout/record";

/** A stored checkout's lines are read back through one schema: what checkout wrote comes back as it was; anything else is an error naming the field. */
describe("checkoutLines", () => {
  const line = {
    productId: 7,
    slug: "oak-table",
    name: "Oak Table",
    price: "900.00",
    quantity: 1,
    uniqueItem: false,
    ships: "Ships in 1–2 days",
    shipDays: { min: 1, max: 2 },
    discount: "10.00",
    tax: "71.20",
  };

  it("returns the lines as stored, a commission's line (product 0) and a variant's included", () => {
    const quote = { productId: 0, quoteId: 3, slug: "", name: "Commission COM-1", price: "185.00", quantity: 1, uniqueItem: false, shipDays: null };
    const variant = { ...line, productId: 8, variantId: 12, variantSku: "JIG-8MM", variantLabel: "Size: 8 mm", weightGrams: 40, size: [160, 80, 30], freight: "0.00" };
    expect(checkoutLines({ items: [line, quote, variant] })).toEqual([line, quote, variant]);
  });

  it.each([
    ["a price that is a number", [{ ...line, price: 900 }], /0\.price/],
    ["a price with three decimals", [{ ...line, price: "9.005" }], /0\.price/],
    ["a quantity of 0", [{ ...line, quantity: 0 }], /0\.quantity/],
    ["a missing name", [{ ...line, name: undefined }], /0\.name/],
    ["a tax that is not an amount", [line, { ...line, tax: "lots" }], /1\.tax/],
    ["lines that are not a list", { line }, /malformed/],
  ])("refuses %s, naming the field", (_what, items, message) => {
    expect(() => checkoutLines({ items: items as never })).toThrow(message);
  });
});
