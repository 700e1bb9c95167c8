import { contactMessageSchema, looksLikeEmail, newsletterSchema } from "@/lib/content/schemas";
import { fieldErrors } from "@/lib/validation";

describe("contact form rules (spec §5)", () => {
  it("gives the spec's message for each field", () => {
    const result = contactMessageSchema.safeParse({ name: "A", email: "nope", subject: "Hi", message: "short" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 10 characters",
    });
  });

  it("accepts a valid message with an optional phone", () => {
    const ok = contactMessageSchema.parse({ name: "Jo", email: "jo@example.com", phone: "", subject: "Commission", message: "Could you make a walnut bowl?" });
    expect(ok.phone).toBeUndefined();
  });
});

describe("newsletter email", () => {
  it("matches the browser rule: non-empty and contains @", () => {
    expect(looksLikeEmail("")).toBe(false);
    expect(looksLikeEmail("   ")).toBe(false);
    expect(looksLikeEmail("maker.example.com")).toBe(false);
    expect(looksLikeEmail("maker@example.com")).toBe(true);
  });

  it("normalises the address on the server", () => {
    expect(newsletterSchema.parse({ email: "  Maker@Example.COM " }).email).toBe("maker@example.com");
    expect(newsletterSchema.safeParse({ email: "a@" }).success).toBe(false);
  });
});
