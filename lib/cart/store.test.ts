/** @jest-environment jsdom */
import { useCart } from "@/lib/cart/store";
import { orderTotals } from "@/lib/checkout/pricing";

const cartSubtotalCents = (items: Parameters<typeof orderTotals>[0]) => orderTotals(items).subtotal;
import type { CartProductDTO } from "@/lib/catalog/types";

const jig: CartProductDTO = { id: 1, slug: "dowel-jig", name: "Dowel Jig", price: "24.00", uniqueItem: false, sold: false, image: "/a.webp", ships: "Made to order — ships in 10–15 working days" };
const bowl: CartProductDTO = { id: 2, slug: "burl-bowl", name: "Burl Bowl", price: "320.00", uniqueItem: true, sold: false, image: null, ships: "Ships in 1–2 days" };
const soldBowl: CartProductDTO = { ...bowl, id: 3, slug: "sold-bowl", sold: true };

const state = () => useCart.getState();
const stored = () => JSON.parse(window.localStorage.getItem("cart-storage") ?? "null");

beforeEach(() => {
  state().clearCart();
  window.localStorage.clear();
});

describe("cart store", () => {
  it("adds a product as a line and merges quantities when added again", () => {
    expect(state().addItem(jig, 2)).toBe("added");
    expect(state().addItem(jig, 3)).toBe("added");
    expect(state().cartItems).toHaveLength(1);
    expect(state().cartItems[0]).toMatchObject({ id: "1", productId: 1, slug: "dowel-jig", name: "Dowel Jig", price: "24.00", quantity: 5, uniqueItem: false, unavailable: null });
    expect(state().cartCount).toBe(5);
  });

  it("refuses a unique item the second time and keeps its quantity at 1", () => {
    expect(state().addItem(bowl, 4)).toBe("added");
    expect(state().cartItems[0].quantity).toBe(1);
    expect(state().addItem(bowl)).toBe("duplicate-unique");
    expect(state().cartItems).toHaveLength(1);
    expect(state().cartCount).toBe(1);
    state().updateQuantity(String(bowl.id), 3);
    expect(state().cartItems[0].quantity).toBe(1);
  });

  it("refuses a sold product", () => {
    expect(state().addItem(soldBowl)).toBe("sold");
    expect(state().cartItems).toEqual([]);
    expect(state().cartCount).toBe(0);
  });

  it("updates quantities, removes a line at 0 or less and recounts after every change", () => {
    state().addItem(jig, 1);
    state().addItem(bowl);
    expect(state().cartCount).toBe(2);
    state().updateQuantity(String(jig.id), 4);
    expect(state().cartCount).toBe(5);
    state().updateQuantity(String(jig.id), 0);
    expect(state().cartItems.map((i) => i.productId)).toEqual([bowl.id]);
    expect(state().cartCount).toBe(1);
    state().updateQuantity(String(bowl.id), -1);
    expect(state().cartItems).toEqual([]);
    expect(state().cartCount).toBe(0);
  });

  it("removes a line and clears the cart", () => {
    state().addItem(jig, 2);
    state().addItem(bowl);
    state().removeItem(String(jig.id));
    expect(state().cartCount).toBe(1);
    state().clearCart();
    expect(state().cartItems).toEqual([]);
    expect(state().cartCount).toBe(0);
  });

  it("reconciles with the server: new prices, flagged lines excluded from the subtotal", () => {
    state().addItem(jig, 2);
    state().addItem(bowl);
    expect(cartSubtotalCents(state().cartItems)).toBe(2 * 2400 + 32000);
    state().reconcile([
      { productId: jig.id, price: "25.50", unavailable: null },
      { productId: bowl.id, price: "320.00", unavailable: "This piece has been sold." },
    ]);
    const [line, flagged] = state().cartItems;
    expect(line).toMatchObject({ price: "25.50", unavailable: null });
    expect(flagged).toMatchObject({ unavailable: "This piece has been sold." });
    expect(cartSubtotalCents(state().cartItems)).toBe(2 * 2550);
    expect(state().cartCount).toBe(3);
    // A line the server clears again counts again; a missing price keeps the old one.
    state().reconcile([{ productId: bowl.id, unavailable: null }]);
    expect(state().cartItems[1]).toMatchObject({ price: "320.00", unavailable: null });
    expect(cartSubtotalCents(state().cartItems)).toBe(2 * 2550 + 32000);
  });

  it("keeps a line per variant: its key, name with the variant, and its own price and quantity", () => {
    const six: CartProductDTO = { ...jig, id: 9, name: "Dowelling Jig", price: "26.00", variantId: 31, variantLabel: "Size: 6 mm" };
    const eight: CartProductDTO = { ...six, price: "28.00", variantId: 32, variantLabel: "Size: 8 mm" };
    state().addItem(six, 2);
    state().addItem(eight, 1);
    state().addItem(six, 1);
    state().addItem(jig, 1);
    expect(state().cartItems.map((i) => [i.id, i.name, i.price, i.quantity, i.variantId ?? null])).toEqual([
      ["9-31", "Dowelling Jig — Size: 6 mm", "26.00", 3, 31],
      ["9-32", "Dowelling Jig — Size: 8 mm", "28.00", 1, 32],
      ["1", "Dowel Jig", "24.00", 1, null],
    ]);
    state().updateQuantity("9-32", 4);
    state().reconcile([{ productId: 9, variantId: 31, price: "27.00", unavailable: "Only 2 left." }]);
    expect(state().cartItems.map((i) => [i.id, i.price, i.quantity, i.unavailable])).toEqual([
      ["9-31", "27.00", 3, "Only 2 left."],
      ["9-32", "28.00", 4, null],
      ["1", "24.00", 1, null],
    ]);
    state().removeItem("9-31");
    expect(state().cartItems.map((i) => i.id)).toEqual(["9-32", "1"]);
    // A product without variants keeps its key and shape (carts saved before variants read the same).
    expect(stored().state.cartItems[1]).toEqual({ id: "1", productId: 1, slug: "dowel-jig", name: "Dowel Jig", price: "24.00", image: "/a.webp", quantity: 1, uniqueItem: false, unavailable: null });
  });

  it("persists items and count in localStorage under cart-storage", () => {
    state().addItem(jig, 3);
    const saved = stored();
    expect(saved.state.cartCount).toBe(3);
    expect(saved.state.cartItems).toEqual([expect.objectContaining({ productId: 1, quantity: 3, price: "24.00" })]);
    expect(Object.keys(saved.state).sort()).toEqual(["cartCount", "cartItems"]);
  });

  it("rehydrates from cart-storage", async () => {
    window.localStorage.setItem(
      "cart-storage",
      JSON.stringify({
        state: { cartItems: [{ id: "2", productId: 2, slug: "burl-bowl", name: "Burl Bowl", price: "320.00", image: null, quantity: 1, uniqueItem: true }], cartCount: 1 },
        version: 0,
      }),
    );
    await useCart.persist.rehydrate();
    expect(state().cartCount).toBe(1);
    expect(state().addItem(bowl)).toBe("duplicate-unique");
  });
});
