import { availabilityOf, fewLeft, latestDays, maxOrderQuantity, orderShipsText, productKind, shippingPromise, type StockFields } from "@/lib/inventory/stock";
import { toCartProduct, toProductCard, type ProductDTO } from "@/lib/catalog/types";

const base: StockFields = { uniqueItem: false, sold: false, stock: null, leadTimeMinDays: null, leadTimeMaxDays: null, allowBackorder: false };
const say = (p: Partial<StockFields>) => shippingPromise(availabilityOf({ ...base, ...p }));

describe("the three kinds and what they promise", () => {
  it("derives the kind from uniqueItem and the count", () => {
    expect(productKind({ uniqueItem: true, stock: null })).toBe("one_of_a_kind");
    expect(productKind({ uniqueItem: false, stock: 0 })).toBe("in_stock");
    expect(productKind({ uniqueItem: false, stock: null })).toBe("made_to_order");
  });

  it("says what a shopper is promised, in the issue's words", () => {
    expect(say({ stock: 3 })).toBe("Ships in 1–2 days");
    expect(fewLeft(availabilityOf({ ...base, stock: 3 }))).toBe("Only 3 left");
    expect(fewLeft(availabilityOf({ ...base, stock: 6 }))).toBeNull();
    expect(say({ leadTimeMinDays: 15, leadTimeMaxDays: 20 })).toBe("Made to order — ships in 15–20 working days");
    // No lead time of its own: the shop's default (every product from before lead times and promises).
    expect(say({})).toBe("Made to order — ships in 10–15 working days");
    expect(say({ leadTimeMinDays: 1, leadTimeMaxDays: 1 })).toBe("Made to order — ships in 1 working day");
    expect(say({ stock: 0 })).toBe("Sold out");
    expect(say({ stock: 0, allowBackorder: true, leadTimeMinDays: 5, leadTimeMaxDays: 7 })).toBe("Back-ordered — ships in 5–7 working days");
    expect(say({ uniqueItem: true })).toBe("Ships in 1–2 days");
    expect(say({ uniqueItem: true, sold: true })).toBe("Sold");
  });

  it("limits an order to one unique piece and to what is left without backorder", () => {
    expect(maxOrderQuantity({ ...base, uniqueItem: true })).toBe(1);
    expect(maxOrderQuantity({ ...base, stock: 4 })).toBe(4);
    expect(maxOrderQuantity({ ...base, stock: 0 })).toBe(0);
    expect(maxOrderQuantity({ ...base, stock: 0, allowBackorder: true })).toBeNull();
    expect(maxOrderQuantity(base)).toBeNull();
  });

  it("an order ships when its latest line does", () => {
    expect(orderShipsText(latestDays([{ min: 1, max: 2 }, { min: 15, max: 20 }, null, { min: 10, max: 15 }]))).toBe("Your order ships in 15–20 working days");
    expect(orderShipsText(latestDays([undefined]))).toBeNull();
  });

  it("the card's record carries the promise, the count limit and sold out", () => {
    const dto = {
      id: 1,
      slug: "b",
      name: "B",
      price: "10.00",
      images: [],
      uniqueItem: false,
      sold: false,
      stock: 0,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
    } as unknown as ProductDTO;
    expect(toCartProduct(dto)).toMatchObject({ soldOut: true, maxQuantity: 0, ships: "Sold out" });
    expect(toCartProduct({ ...dto, stock: 2 })).toEqual({
      id: 1,
      slug: "b",
      name: "B",
      price: "10.00",
      uniqueItem: false,
      sold: false,
      image: null,
      maxQuantity: 2,
      ships: "Ships in 1–2 days",
      fewLeft: "Only 2 left",
      shipDays: { min: 1, max: 2 },
    });
  });

  it("a card's record carries the promise's words but not the days or the count limit", () => {
    const dto = {
      id: 1,
      slug: "b",
      name: "B",
      description: "d",
      shortDescription: null,
      price: "10.00",
      images: [],
      media: [],
      category: { name: "C", slug: "c" },
      featured: false,
      uniqueItem: false,
      sold: false,
      stock: null,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
    } as unknown as ProductDTO;
    expect(toProductCard(dto).ships).toBe("Made to order — ships in 10–15 working days");
    expect(toProductCard({ ...dto, leadTimeMinDays: 15, leadTimeMaxDays: 20 }).ships).toBe("Made to order — ships in 15–20 working days");
    expect(toProductCard({ ...dto, stock: 3 })).toMatchObject({ ships: "Only 3 left · Ships in 1–2 days" });
    expect(toProductCard({ ...dto, stock: 3 })).not.toHaveProperty("fewLeft");
    expect(toProductCard({ ...dto, uniqueItem: true, sold: true })).not.toHaveProperty("ships");
    expect(toProductCard({ ...dto, stock: 3 })).not.toHaveProperty("shipDays");
    expect(toProductCard({ ...dto, stock: 3 })).not.toHaveProperty("maxQuantity");
  });
});
