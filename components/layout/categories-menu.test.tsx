/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { CategoriesMenu } from "@/components/layout/categories-menu";

// Radix measures the menu's trigger and content: jsdom has no ResizeObserver; nor PointerEvent (a press's button).
beforeAll(() => {
  window.PointerEvent ??= class extends MouseEvent {
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? "mouse";
    }
  } as unknown as typeof PointerEvent;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const categories = [
  { slug: "wood-bowls", name: "Wood Bowls" },
  { slug: "jigs", name: "Jigs & Fixtures" },
];

/**
 * The Categories button starts light and fetches Radix's dropdown when pointed at; the dropdown may arrive between the
 * press and the click (a busy phone), and Radix's trigger opens on presses only. The press alone must open the menu.
 */
describe("CategoriesMenu", () => {
  it("opens on the press, however late the dropdown arrives", async () => {
    render(<CategoriesMenu categories={categories} />);
    const button = screen.getByRole("button", { name: "Categories" });
    await act(async () => {
      fireEvent.pointerDown(button, { button: 0, pointerType: "mouse" });
    });
    const menu = await screen.findByRole("menu");
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(["Wood Bowls", "Jigs & Fixtures", "Browse all products"]);
  });

  it("a right-button press opens nothing", async () => {
    render(<CategoriesMenu categories={categories} />);
    await act(async () => {
      fireEvent.pointerDown(screen.getByRole("button", { name: "Categories" }), { button: 2, pointerType: "mouse" });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
