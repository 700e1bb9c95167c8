import { changedFields } from "@/lib/audit/diff";

describe("changedFields", () => {
  it("keeps only the fields that changed, before and after", () => {
    expect(changedFields({ name: "A", price: "1.00", updatedAt: "x" }, { name: "B", price: "1.00", updatedAt: "y" })).toEqual({ before: { name: "A" }, after: { name: "B" }, changed: ["name"] });
  });

  it("a create has only after, a delete only before", () => {
    expect(changedFields(null, { name: "A" })).toEqual({ before: null, after: { name: "A" }, changed: ["name"] });
    expect(changedFields({ name: "A" }, null)).toEqual({ before: { name: "A" }, after: null, changed: ["name"] });
  });

  it("never stores secrets: a changed password is reported, not recorded", () => {
    const diff = changedFields({ password: "", passwordHash: "h1" }, { password: "new", passwordHash: "h2" });
    expect(diff.before).toEqual({ password: "[hidden]", passwordHash: "[hidden]" });
    expect(diff.after).toEqual({ password: "[changed]", passwordHash: "[changed]" });
  });

  it("compares dates and decimals by value", () => {
    const d = new Date("2026-01-01T00:00:00Z");
    expect(changedFields({ at: d, amount: { toFixed: () => "1.00", toString: () => "1.00" } }, { at: new Date(d), amount: "1.00" }).changed).toEqual([]);
  });
});
