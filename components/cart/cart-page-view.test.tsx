/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { CartPageView } from "@/components/cart/cart-page-view";
import { useCart } from "@/lib/cart/store";
import type { CartTaxLine } from "@/lib/tax/display";

/**
 * The cart page's Shipping line and total before an address: the server's figure for the lines
 * (POST /api/shipping/estimate) — an oversize piece's freight, not the default $15.99 — or "At checkout"
 * with a total before shipping when the address decides. jsdom has no fetch: each API answer is given here.
 */
const taxLine: CartTaxLine = { label: "Estimated tax — final tax shown at checkout", estimated: true, totalLabel: "Total" };
const table = { id: "7", productId: 7, slug: "oak-table", name: "Oak Table", price: "900.00", image: null, quantity: 1, uniqueItem: false };

function answer(shipping: string | null) {
  global.fetch = jest.fn(async (url: string) => {
    const body = url === "/api/shipping/estimate" ? { shipping } : url === "/api/shipping/free-shipping" ? { freeOver: "100.00" } : { items: [] };
    return { ok: true, status: 200, json: async () => body, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

describe("the cart page's shipping before an address", () => {
  const realFetch = global.fetch;
  beforeEach(() => useCart.setState({ cartItems: [table], cartCount: 1 }));
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("shows the server's figure for the lines (an oversize piece's freight) in the line and the total", async () => {
    answer("180.00");
    render(<CartPageView taxLine={taxLine} />);
    const summary = await screen.findByTestId("order-summary");
    expect(await within(summary).findByText("$180.00")).toBeTruthy();
    expect(within(summary).getByTestId("summary-shipping").textContent).toBe("$180.00");
    // $900 + $180 + 8 % of $900.
    expect(within(summary).getByTestId("summary-total").textContent).toBe("$1,152.00");
    expect(global.fetch).toHaveBeenCalledWith("/api/shipping/estimate", expect.objectContaining({ method: "POST", body: JSON.stringify({ items: [{ productId: 7, quantity: 1 }] }) }));
  });

  it("says 'At checkout' and names the total as before shipping when the address decides", async () => {
    answer(null);
    render(<CartPageView taxLine={taxLine} />);
    const summary = await screen.findByTestId("order-summary");
    expect(await within(summary).findByText("At checkout")).toBeTruthy();
    expect(within(summary).getByText("Total before shipping")).toBeTruthy();
    expect(within(summary).getByTestId("summary-total").textContent).toBe("$972.00");
  });
});
