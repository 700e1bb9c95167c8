import { test } from "./test";
import { walkGiftCardList } from "./gift-cards-list";

/** The maker's list of issued gift cards at 1280 px; the 390 px run is in mobile.spec.ts. */
test("the maker issues a card to a recipient (emailed), finds it in the list by its last 4, masked; shows the code (audited) and resends it; axe-clean at 1280 px", async ({ page }) => {
  test.setTimeout(90_000);
  await walkGiftCardList(page, 1280);
});
