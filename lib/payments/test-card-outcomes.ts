/** Stripe's test card numbers that fail, and how (every other valid number succeeds). */
export const TEST_CARD_OUTCOMES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};
