import { orderStatement, paymentNotice, statementAddsUp, statementText, type StatementSource } from "@/lib/orders/statement";

const d = (s: string) => ({ toFixed: (n: number) => Number(s).toFixed(n) });
const at = new Date("2026-11-20T10:00:00Z");
const line = (id: number, productName: string, price: string, quantity: number, discount = "0", variantLabel: string | null = null) => ({
  id,
  productName,
  variantLabel,
  price: d(price),
  quantity,
  total: d((Number(price) * quantity).toFixed(2)),
  discount: d(discount),
  tax: d("0"),
  refunded: false,
});

function order(over: Partial<StatementSource> = {}): StatementSource {
  return {
    status: "confirmed",
    subtotal: d("193.00"),
    shipping: d("0.00"),
    tax: d("0.00"),
    discount: d("19.30"),
    discountCode: "TENOFF",
    giftCardAmount: d("0.00"),
    total: d("173.70"),
    balanceDue: d("0.00"),
    refundedAmount: d("0.00"),
    items: [line(1, "Dowel Jig", "64.00", 2, "12.80", "Size: 8 mm"), line(2, "Marking Gauge", "65.00", 1, "6.50")],
    giftCardMovements: [],
    payments: [],
    refunds: [],
    ...over,
  };
}

describe("orderStatement", () => {
  it("explains the jump from subtotal to total with the discount, and the card paid the rest", () => {
    const s = orderStatement(order());
    expect(s.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.amount, l.discount])).toEqual([
      ["Dowel Jig — Size: 8 mm", 2, 6400, 12800, 1280],
      ["Marking Gauge", 1, 6500, 6500, 650],
    ]);
    expect(s.discount).toEqual({ code: "TENOFF", label: "Discount (TENOFF)", amount: 1930 });
    expect(s.cardPayments).toEqual([{ kind: "card", amount: 17370, captured: true }]);
    expect(statementAddsUp(s)).toBe(true);
    expect(statementText(s)).toEqual(["Subtotal: $193.00", "Discount (TENOFF): -$19.30", "Shipping: Free", "Tax: $0.00", "Total: $173.70", "Paid by card: $173.70"]);
  });

  it("names the shipping the shopper chose: a carrier's service, or local pickup; the zone's own service stays plain Shipping", () => {
    const rows = (shippingService: string | null, shipping = "12.40") =>
      statementText(orderStatement(order({ shippingService, shipping: d(shipping), total: d((173.7 + Number(shipping)).toFixed(2)) })));
    expect(rows("UPS_GROUND")).toContain("Shipping (UPS Ground): $12.40");
    expect(rows("LOCAL_PICKUP", "0.00")).toContain("Local pickup: Free");
    expect(rows("USPS_GROUND_ADVANTAGE")).toContain("Shipping: $12.40");
    expect(rows(null)).toContain("Shipping: $12.40");
  });

  it("splits a payment over two gift cards (by their last 4) and the card, and shows refunds to the card and to a gift card", () => {
    const s = orderStatement(
      order({
        subtotal: d("520.00"),
        shipping: d("12.00"),
        tax: d("26.00"),
        discount: d("30.00"),
        total: d("528.00"),
        giftCardAmount: d("50.00"),
        refundedAmount: d("60.00"),
        items: [line(1, "Walnut Bowl", "520.00", 1, "30.00")],
        giftCardMovements: [
          { kind: "redeemed", amount: d("-30.00"), giftCard: { code: "GIFT-AAAA-BBBB-C1D2" } },
          { kind: "redeemed", amount: d("-20.00"), giftCard: { code: "GIFT-EEEE-FFFF-9Z8Y" } },
          { kind: "refunded", amount: d("15.00"), giftCard: { code: "GIFT-EEEE-FFFF-9Z8Y" } },
        ],
        refunds: [
          { id: 1, amount: d("45.00"), giftCardAmount: d("0.00"), status: "succeeded", createdAt: at },
          { id: 2, amount: d("15.00"), giftCardAmount: d("15.00"), status: "succeeded", createdAt: at },
          { id: 3, amount: d("99.00"), giftCardAmount: d("0.00"), status: "pending", createdAt: at },
        ],
      }),
    );
    expect(s.giftCards).toEqual([
      { last4: "C1D2", amount: 3000 },
      { last4: "9Z8Y", amount: 2000 },
    ]);
    expect(s.cardPayments).toEqual([{ kind: "card", amount: 47800, captured: true }]);
    expect(s.refunds.toCard).toBe(4500);
    expect(s.refunds.toGiftCards).toEqual([{ last4: "9Z8Y", amount: 1500 }]);
    expect(s.paid).toBe(52800);
    expect(s.net).toBe(46800);
    expect(statementAddsUp(s)).toBe(true);
    expect(statementText(s)).toEqual([
      "Subtotal: $520.00",
      "Discount (TENOFF): -$30.00",
      "Shipping: $12.00",
      "Tax: $26.00",
      "Total: $528.00",
      "Paid by gift card ending C1D2: $30.00",
      "Paid by gift card ending 9Z8Y: $20.00",
      "Paid by card: $478.00",
      "Refunded to card: -$45.00",
      "Refunded to gift card ending 9Z8Y: -$15.00",
      "Net paid: $468.00",
    ]);
  });

  it("a commission deposit: the deposit and the balance due add up to the total; once paid, the balance is a second card payment", () => {
    const base = { subtotal: d("475.00"), discount: d("0"), discountCode: null, total: d("475.00"), items: [line(1, "Commission COM-1042", "475.00", 1)] };
    const due = orderStatement(order({ ...base, balanceDue: d("340.00") }));
    expect(due.deposit).toEqual({ paid: 13500, balanceDue: 34000 });
    expect(statementAddsUp(due)).toBe(true);
    expect(statementText(due)).toEqual(["Subtotal: $475.00", "Shipping: Free", "Tax: $0.00", "Total: $475.00", "Deposit paid by card: $135.00", "Balance due: $340.00"]);

    const paid = orderStatement(order({ ...base, payments: [{ paymentIntentId: "pi_2", amount: d("340.00"), captured: true }] }));
    expect(paid.cardPayments).toEqual([
      { kind: "deposit", amount: 13500, captured: true },
      { kind: "balance", amount: 34000, captured: true },
    ]);
    expect(paid.paid).toBe(47500);
    expect(statementAddsUp(paid)).toBe(true);

    const notTaken = orderStatement(order({ ...base, payments: [{ paymentIntentId: "pi_2", amount: d("340.00"), captured: false }] }));
    expect(notTaken.paid).toBe(13500);
    expect(statementText(notTaken)).toContain("Balance paid by card (not yet taken): $340.00");
  });

  it("counts a refund made at the provider (no row of ours) as refunded to the card", () => {
    const s = orderStatement(order({ refundedAmount: d("20.00") }));
    expect(s.refunds.toCard).toBe(2000);
    expect(s.net).toBe(15370);
    expect(statementAddsUp(s)).toBe(true);
  });

  it("a payment not yet captured is not paid; a gift-card-only order has no card payment", () => {
    expect(orderStatement(order({ status: "pending" })).paid).toBe(0);
    const gift = orderStatement(order({ giftCardAmount: d("173.70"), giftCardMovements: [{ kind: "redeemed", amount: d("-173.70"), giftCard: { code: "GIFT-1111-2222-3333" } }] }));
    expect(gift.cardPayments).toEqual([]);
    expect(gift.paid).toBe(17370);
    expect(statementAddsUp(gift)).toBe(true);
  });

  it("revenue: net of refunds, less the gift cards the order sold (counted when spent), less what their refund returned", () => {
    const sold = orderStatement(
      order({
        subtotal: d("49.00"),
        discount: d("0"),
        discountCode: null,
        total: d("49.00"),
        items: [line(1, "Dowel Jig", "24.00", 1), line(2, "Gift Card", "25.00", 1)],
        giftCardsBought: [{ initialAmount: d("25.00"), refundedAmount: d("0") }],
      }),
    );
    expect([sold.net, sold.revenue]).toEqual([4900, 2400]);
    const spent = orderStatement(
      order({
        subtotal: d("40.00"),
        discount: d("0"),
        discountCode: null,
        total: d("40.00"),
        giftCardAmount: d("25.00"),
        refundedAmount: d("5.00"),
        items: [line(1, "Bowl", "40.00", 1)],
        refunds: [{ id: 1, amount: d("5.00"), giftCardAmount: d("0"), status: "succeeded", createdAt: at }],
      }),
    );
    expect(spent.revenue).toBe(3500);
    const refundedCard = orderStatement(
      order({
        subtotal: d("25.00"),
        discount: d("0"),
        discountCode: null,
        total: d("25.00"),
        refundedAmount: d("15.00"),
        items: [line(1, "Gift Card", "25.00", 1)],
        giftCardsBought: [{ initialAmount: d("25.00"), refundedAmount: d("15.00") }],
      }),
    );
    expect(refundedCard.revenue).toBe(0);
  });

  it("a card payment not taken: not paid, and the shopper is told so in words, never 'Paid by card'", () => {
    const checking = orderStatement(order({ status: "pending", capture: "unknown" }));
    expect(checking.payment).toBe("checking");
    expect(checking.paid).toBe(0);
    expect(statementText(checking)).toContain("Paid by card (being checked with your bank): $173.70");
    expect(paymentNotice(checking)).toMatchObject({ state: "checking", status: "Payment being checked" });
    const failed = orderStatement(order({ status: "pending", capture: "failed" }));
    expect(statementText(failed)).toContain("Paid by card (not taken: nothing charged): $173.70");
    expect(paymentNotice(failed)?.text).toContain("your card has not been charged");
    expect(paymentNotice(orderStatement(order({ capture: "captured" })))).toBeNull();
  });
});
