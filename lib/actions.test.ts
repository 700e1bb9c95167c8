/**
 * The one wrapper of admin server actions refuses a NUL character anywhere in its input, as the
 * API's JSON reader does (PostgreSQL cannot store one): a clear message, and the service never runs.
 */
jest.mock("@/lib/auth/guard", () => ({ requireAdminPage: jest.fn(async () => ({ id: 1, username: "maker", email: "maker@example.com", sessionVersion: 1 })) }));
import { adminAction } from "@/lib/actions";
import { z } from "@/lib/zod";

describe("adminAction", () => {
  it("refuses NUL characters in any field, list or form entry before the schema or the service", async () => {
    const service = jest.fn(async () => "saved");
    const action = adminAction(z.object({ name: z.string(), tags: z.array(z.string()).optional() }), service);
    const refused = { ok: false, message: "The form must not contain NUL characters." };
    expect(await action({ name: "Walnut\u0000 bowl" })).toEqual(refused);
    expect(await action({ name: "Walnut bowl", tags: ["oiled", "a\u0000"] })).toEqual(refused);
    expect(await action({ name: "Walnut bowl", ["ta\u0000gs"]: [] })).toEqual(refused);
    const form = new FormData();
    form.set("name", "Walnut\u0000bowl");
    expect(await action(form)).toEqual(refused);
    expect(service).not.toHaveBeenCalled();
    expect(await action({ name: "Walnut bowl" })).toEqual({ ok: true, data: "saved" });
    expect(service).toHaveBeenCalledTimes(1);
  });
});
