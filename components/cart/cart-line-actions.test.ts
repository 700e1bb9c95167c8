/** @jest-environment jsdom */
import { removeCartLine, setCartLineQuantity } from "@/components/cart/cart-line-actions";
import { useCart } from "@/lib/cart/store";
import { SESSION_STORAGE_KEY } from "@/lib/cart/session-key";

/**
 * The server cart follows the shopper's changes in the order they were made: a quantity change
 * still on its way when the line is removed must reach the server first, or its PUT (which creates a
 * missing line) would put the removed piece back in the server's cart.
 */
type Sent = { method: string; url: string; body: unknown; answer: (status: number) => void };

const bowl = { id: "5", productId: 5, slug: "bowl", name: "Bowl", price: "40.00", image: null, quantity: 2, uniqueItem: false };

describe("the server cart's changes", () => {
  const realFetch = global.fetch;
  let sent: Sent[];

  beforeEach(() => {
    sent = [];
    window.localStorage.setItem(SESSION_STORAGE_KEY, "session-abc");
    useCart.setState({ cartItems: [bowl], cartCount: 2 });
    global.fetch = jest.fn(
      (url: string, init: RequestInit) =>
        new Promise((resolve) => {
          const answer = (status: number) => resolve({ ok: status < 400, status, statusText: "", text: async () => "{}" } as Response);
          sent.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : null, answer });
        }),
    ) as unknown as typeof fetch;
    jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(async () => {
    // What a test left unanswered is answered, so the next test's changes are not queued behind it.
    for (let i = 0; i < sent.length; i++) {
      sent[i].answer(200);
      await settle();
    }
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("sends a removal only after the quantity change before it was answered", async () => {
    setCartLineQuantity(bowl, 1);
    removeCartLine(bowl);
    await settle();
    expect(sent.map((s) => s.method)).toEqual(["PUT"]);
    expect(sent[0].body).toEqual({ sessionId: "session-abc", productId: 5, quantity: 1 });
    expect(useCart.getState().cartItems).toEqual([]);

    sent[0].answer(200);
    await settle();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["PUT /api/cart", "DELETE /api/cart/session-abc/5"]);
  });

  it("goes on with the next change when one fails", async () => {
    setCartLineQuantity(bowl, 3);
    setCartLineQuantity(bowl, 1);
    await settle();
    sent[0].answer(500);
    await settle();
    expect(sent.map((s) => (s.body as { quantity: number }).quantity)).toEqual([3, 1]);
    expect(console.error).toHaveBeenCalledWith("Failed to update server cart quantity", expect.anything());
  });
});
