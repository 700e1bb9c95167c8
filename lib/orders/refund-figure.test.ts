import { refundFigure } from "@/lib/orders/refund-figure";

/** What the refund button names, and when it asks again: a refund of everything left. */
describe("refundFigure", () => {
  const lines = [
    { total: "24.00", discount: "2.40", tax: "1.73" },
    { total: "42.00", discount: "0.00", tax: "0.00" },
  ];

  it("nothing chosen is everything left, and asks again", () => {
    expect(refundFigure({ remainingCents: 5799, lines: [], amount: "" })).toEqual({ cents: 5799, full: true });
  });

  it("a typed amount is itself; all of what is left asks again", () => {
    expect(refundFigure({ remainingCents: 5799, lines: [], amount: "10" })).toEqual({ cents: 1000, full: false });
    expect(refundFigure({ remainingCents: 5799, lines: [], amount: "$57.99" })).toEqual({ cents: 5799, full: true });
    expect(refundFigure({ remainingCents: 5799, lines: [], amount: "0" })).toEqual({ error: "Amount must be more than 0, in dollars and cents" });
    expect(refundFigure({ remainingCents: 5799, lines: [], amount: "1.234" })).toHaveProperty("error");
  });

  it("chosen lines come to their totals less their discount share plus their tax, at most what is left", () => {
    expect(refundFigure({ remainingCents: 9000, lines: [lines[0]], amount: "" })).toEqual({ cents: 2333, full: false });
    expect(refundFigure({ remainingCents: 5000, lines, amount: "" })).toEqual({ cents: 5000, full: true });
  });
});
