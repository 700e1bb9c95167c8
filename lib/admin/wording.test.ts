import { activityActionLabel, activityEntityLabel, countOf } from "@/lib/admin/wording";
import { NEWSLETTER_FREQUENCY } from "@/lib/site";

describe("countOf", () => {
  it("says one thing in the singular and every other count in the plural", () => {
    expect(countOf(1, "confirmed subscriber")).toBe("1 confirmed subscriber");
    expect(countOf(0, "confirmed subscriber")).toBe("0 confirmed subscribers");
    expect(countOf(2, "order")).toBe("2 orders");
    expect(countOf(1234, "order")).toBe("1,234 orders");
    expect(countOf(3, "category", "categories")).toBe("3 categories");
  });
});

describe("activity labels", () => {
  it("never shows a raw snake_case key", () => {
    expect(activityActionLabel("balance_quote")).toBe("Asked for the balance of");
    expect(activityActionLabel("test_send")).toBe("Sent a test of");
    expect(activityActionLabel("update")).toBe("Updated");
    expect(activityActionLabel("some_new_thing")).toBe("Some new thing");
    expect(activityEntityLabel("discount_code")).toBe("discount code");
    expect(activityEntityLabel("gift_card")).toBe("gift card");
    expect(activityEntityLabel("new_kind")).toBe("new kind");
  });
});

describe("newsletter frequency", () => {
  it("is the footer's wording", () => {
    expect(NEWSLETTER_FREQUENCY).toBe("about once a month");
  });
});
