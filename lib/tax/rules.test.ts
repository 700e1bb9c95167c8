import { estimateTax } from "@/lib/checkout/pricing";
import { cartTaxLine } from "@/lib/tax/display";
import { flatTax, shareInProportion } from "@/lib/tax/rules";
import { usStateCode } from "@/lib/tax/us-states";

const OREGON = { homeState: "OR", ratePercent: "6.5", perMillion: 65_000 };

describe("the flat rule: the rate on the merchandise of orders shipped to the home state", () => {
  it("taxes the lines after their discount, rounded half up, shared among them in proportion", () => {
    // 6.5 % of 48.00 + 12.10 = 60.10 → 3.9065 → 3.91
    const tax = flatTax(OREGON, "OR", [
      { key: "1", amount: 4800 },
      { key: "2-7", amount: 1210 },
    ]);
    expect(tax.amount).toBe(391);
    expect(tax.perLine).toEqual({ "1": 312, "2-7": 79 });
    expect(tax.lines).toEqual([{ jurisdiction: "Oregon (OR)", rate: "6.5", taxable: "60.10", amount: "3.91" }]);
    expect(tax.shipping).toBe(0);
  });

  it("reads the state as a code or a name in any case, and charges nothing for another state", () => {
    expect(flatTax(OREGON, " oregon ", [{ key: "1", amount: 1000 }]).amount).toBe(65);
    expect(flatTax(OREGON, "or", [{ key: "1", amount: 1000 }]).amount).toBe(65);
    expect(flatTax(OREGON, "WA", [{ key: "1", amount: 1000 }])).toMatchObject({ amount: 0, lines: [], perLine: {} });
    expect(flatTax(OREGON, "", [{ key: "1", amount: 1000 }]).amount).toBe(0);
  });

  it("does not tax gift cards bought", () => {
    const tax = flatTax(OREGON, "OR", [
      { key: "1", amount: 2000 },
      { key: "9", amount: 5000, giftCard: true },
    ]);
    expect(tax).toMatchObject({ amount: 130, perLine: { "1": 130 } });
    expect(flatTax(OREGON, "OR", [{ key: "9", amount: 5000, giftCard: true }]).amount).toBe(0);
  });

  it("shares an amount in proportion, the last line taking what is left", () => {
    expect(
      shareInProportion(
        [
          { key: "a", amount: 1 },
          { key: "b", amount: 1 },
          { key: "c", amount: 1 },
        ],
        100,
      ),
    ).toEqual({ a: 33, b: 33, c: 34 });
  });
});

describe("the cart page's tax line", () => {
  it("estimate: 8 % of the subtotal after the discount, in the total, with the spec's wording", () => {
    expect(cartTaxLine({ mode: "estimate" })).toEqual({ label: "Estimated tax — final tax shown at checkout", estimated: true, totalLabel: "Total" });
    expect(estimateTax(12500)).toBe(1000);
  });

  it("flat and stripe: the tax needs the address, so it is shown at checkout and not in the cart's total", () => {
    expect(cartTaxLine({ mode: "flat", homeState: "OR", ratePercent: "6.5" })).toEqual({
      label: "Tax — 6.5 % on orders shipped to OR",
      value: "At checkout",
      estimated: false,
      totalLabel: "Total before tax",
    });
    expect(cartTaxLine({ mode: "stripe" })).toEqual({ label: "Tax — for your shipping address", value: "At checkout", estimated: false, totalLabel: "Total before tax" });
  });
});

describe("usStateCode", () => {
  it.each([
    ["OR", "OR"],
    ["wa", "WA"],
    ["New York", "NY"],
    ["district of columbia", "DC"],
    ["Ore.", null],
    ["Oregon State", null],
    ["", null],
    [null, null],
  ])("%s → %s", (text, code) => {
    expect(usStateCode(text)).toBe(code);
  });
});
