import { Prisma } from "@/lib/generated/prisma/client";
import { decimalToCents, formatMoney, fromCents, percentOf, toCents } from "@/lib/money";

describe("money", () => {
  it("parses decimal strings and numbers into exact cents", () => {
    expect(toCents("12.50")).toBe(1250);
    expect(toCents("12.5")).toBe(1250);
    expect(toCents("0.07")).toBe(7);
    expect(toCents("100")).toBe(10000);
    expect(toCents(15.99)).toBe(1599);
    expect(toCents({ toString: () => "1399.00" })).toBe(139900);
  });

  it("reads a stored amount (Prisma's Decimal) as cents, rounded to the cent as Decimal(10,2) stores it", () => {
    expect(decimalToCents(new Prisma.Decimal("12.5"))).toBe(1250);
    expect(decimalToCents(new Prisma.Decimal("0"))).toBe(0);
    expect(decimalToCents(new Prisma.Decimal("1399.00"))).toBe(139900);
    expect(decimalToCents(new Prisma.Decimal("0.005"))).toBe(1);
    expect(decimalToCents(new Prisma.Decimal("1e2"))).toBe(10000);
    expect(decimalToCents(0)).toBe(0);
    expect(() => decimalToCents(new Prisma.Decimal("-3.20"))).toThrow(RangeError);
  });

  it("rejects amounts that are not money", () => {
    expect(() => toCents("12.345")).toThrow(RangeError);
    expect(() => toCents("-1.00")).toThrow(RangeError);
    expect(() => toCents("abc")).toThrow(RangeError);
  });

  it("sums without float drift", () => {
    // 0.1 + 0.2 style amounts: 3 × 33.33 + 0.01 is exactly 100.00
    const total = [toCents("33.33"), toCents("33.33"), toCents("33.33"), toCents("0.01")].reduce((a, b) => a + b, 0);
    expect(fromCents(total)).toBe("100.00");
    expect(fromCents(toCents("0.10") + toCents("0.20"))).toBe("0.30");
  });

  it("formats once, in dollars", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney("45.00")).toBe("$45.00");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(-1599)).toBe("-15.99");
  });

  it("rounds percentages half up to the cent", () => {
    expect(percentOf(toCents("10.00"), 8)).toBe(80);
    expect(percentOf(toCents("99.99"), 8)).toBe(800); // 7.9992 → 8.00
    expect(percentOf(toCents("0.06"), 8)).toBe(0);
  });
});
