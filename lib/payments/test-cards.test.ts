import { formatCardNumber, formatExpiry, parseExpiry, passesLuhn, TEST_CARD_MESSAGES, TEST_CARDS, validateTestCard } from "@/lib/payments/test-cards";

const NOW = new Date(2026, 5, 15); // 15 June 2026
const good = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };

describe("validateTestCard", () => {
  it("accepts every listed test card with a future expiry", () => {
    for (const card of TEST_CARDS) {
      expect(validateTestCard({ ...good, number: card.number }, NOW)).toEqual({ ok: true });
    }
  });

  it("accepts numbers and strings, two- and four-digit years, dashes in the number", () => {
    expect(validateTestCard({ number: "4242-4242-4242-4242", expMonth: 12, expYear: 2034, cvc: "123" }, NOW)).toEqual({ ok: true });
    expect(validateTestCard({ ...good, expMonth: "07", expYear: "2030" }, NOW)).toEqual({ ok: true });
  });

  it.each([
    ["a failing Luhn checksum", "4242 4242 4242 4241"],
    ["too few digits", "4242 4242 42"],
    ["too many digits", "4242 4242 4242 4242 4242"],
    ["letters", "4242 4242 4242 424a"],
    ["nothing", ""],
  ])("rejects %s as an invalid number", (_, number) => {
    expect(validateTestCard({ ...good, number }, NOW)).toEqual({ ok: false, fields: { number: TEST_CARD_MESSAGES.invalidNumber } });
  });

  it("accepts 13- and 19-digit numbers that pass Luhn", () => {
    expect(validateTestCard({ ...good, number: "4222222222222" }, NOW)).toEqual({ ok: true });
    expect(validateTestCard({ ...good, number: "6205500000000000004" }, NOW)).toEqual({ ok: true });
  });

  it("treats the current month as valid and the month before as past", () => {
    expect(validateTestCard({ ...good, expMonth: 6, expYear: 26 }, NOW)).toEqual({ ok: true });
    expect(validateTestCard({ ...good, expMonth: 5, expYear: 26 }, NOW)).toEqual({ ok: false, fields: { expiry: TEST_CARD_MESSAGES.expiryPast } });
    expect(validateTestCard({ ...good, expMonth: 12, expYear: 2025 }, NOW)).toEqual({ ok: false, fields: { expiry: TEST_CARD_MESSAGES.expiryPast } });
  });

  it.each([
    ["month 0", "0", "30"],
    ["month 13", "13", "30"],
    ["a missing year", "12", ""],
    ["a three-digit year", "12", "203"],
    ["a missing month", "", "30"],
    ["letters", "ab", "cd"],
  ])("calls %s incomplete", (_, expMonth, expYear) => {
    expect(validateTestCard({ ...good, expMonth, expYear }, NOW)).toEqual({ ok: false, fields: { expiry: TEST_CARD_MESSAGES.expiryIncomplete } });
  });

  it.each(["", "12", "1234", "12a"])("rejects CVC %p", (cvc) => {
    expect(validateTestCard({ ...good, cvc }, NOW)).toEqual({ ok: false, fields: { cvc: TEST_CARD_MESSAGES.cvcIncomplete } });
  });

  it("reports every bad field at once", () => {
    expect(validateTestCard({ number: "1234", expMonth: "1", expYear: "20", cvc: "1" }, NOW)).toEqual({
      ok: false,
      fields: { number: TEST_CARD_MESSAGES.invalidNumber, expiry: TEST_CARD_MESSAGES.expiryPast, cvc: TEST_CARD_MESSAGES.cvcIncomplete },
    });
  });

  it("uses the current date by default", () => {
    const nextYear = new Date().getFullYear() + 1;
    expect(validateTestCard({ ...good, expYear: nextYear })).toEqual({ ok: true });
    expect(validateTestCard({ ...good, expYear: 2001 }).ok).toBe(false);
  });

  it("keeps Stripe's wording", () => {
    expect(TEST_CARD_MESSAGES).toEqual({
      invalidNumber: "Your card number is invalid.",
      expiryPast: "Your card's expiration date is in the past.",
      expiryIncomplete: "Your card's expiration date is incomplete.",
      cvcIncomplete: "Your card's security code is incomplete.",
    });
  });
});

describe("card helpers", () => {
  it("checks Luhn", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4000000000009995")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });

  it.each([
    ["12/34", { expMonth: "12", expYear: "34" }],
    ["12 / 34", { expMonth: "12", expYear: "34" }],
    ["1/2030", { expMonth: "1", expYear: "2030" }],
    ["1234", { expMonth: "12", expYear: "34" }],
    ["12 / ", { expMonth: "12", expYear: "" }],
    ["", { expMonth: "", expYear: "" }],
  ])("parses expiry %p", (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });

  it("formats card numbers in groups of four", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42")).toBe("4242 42");
    expect(formatCardNumber("4242x4242")).toBe("4242 4242");
    expect(formatCardNumber("1".repeat(25))).toHaveLength(19 + 4);
  });

  it("formats expiry while typing", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12/34")).toBe("12 / 34");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
    expect(formatExpiry("12 / 345")).toBe("12 / 34");
  });
});
