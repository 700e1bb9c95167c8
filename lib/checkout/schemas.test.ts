import { checkoutFormSchema, isAddressComplete, isValidEmail } from "@/lib/checkout/schemas";

const valid = {
  email: " jo@example.com ",
  firstName: "Jo",
  lastName: "Turner",
  phone: "",
  newsletter: true,
  shippingAddress: { line1: "12 Elm St", line2: "", city: "Asheville", state: "NC", postalCode: "28801" },
};

function messages(input: unknown): Record<string, string> {
  const result = checkoutFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("checkoutFormSchema (spec §5 checkout required fields)", () => {
  it("accepts a complete form, trims, and defaults the country to US", () => {
    const result = checkoutFormSchema.parse(valid);
    expect(result.email).toBe("jo@example.com");
    expect(result.shippingAddress.country).toBe("US");
    expect(result.newsletter).toBe(true);
  });

  it("names every missing required field", () => {
    expect(messages({ email: "", firstName: " ", lastName: "", newsletter: false, shippingAddress: { line1: "", city: "", state: "", postalCode: "", country: "US" } })).toEqual({
      email: "Email is required",
      firstName: "First name is required",
      lastName: "Last name is required",
      "shippingAddress.line1": "Address is required",
      "shippingAddress.city": "City is required",
      "shippingAddress.state": "State is required",
      "shippingAddress.postalCode": "ZIP / postal code is required",
    });
  });

  it("rejects a malformed email", () => {
    expect(messages({ ...valid, email: "jo@" })).toEqual({ email: "Please enter a valid email address" });
  });

  it("keeps phone and line 2 optional and newsletter defaulting to false", () => {
    const { phone: _phone, newsletter: _newsletter, ...rest } = valid;
    const result = checkoutFormSchema.parse({ ...rest, shippingAddress: { line1: "1 A St", city: "B", state: "C", postalCode: "1" } });
    expect(result.newsletter).toBe(false);
    expect(result.phone).toBeUndefined();
    expect(result.shippingAddress.line2).toBeUndefined();
  });
});

describe("isAddressComplete (spec §4)", () => {
  it("needs line1, city, state and postal code, blank counting as empty", () => {
    expect(isAddressComplete(valid.shippingAddress)).toBe(true);
    expect(isAddressComplete({ ...valid.shippingAddress, line2: undefined })).toBe(true);
    expect(isAddressComplete({ ...valid.shippingAddress, city: "   " })).toBe(false);
    expect(isAddressComplete({ ...valid.shippingAddress, postalCode: "" })).toBe(false);
    expect(isAddressComplete({ line1: "1 A St" })).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
  });
});

describe("isValidEmail", () => {
  it("matches the form's rule", () => {
    expect(isValidEmail("jo@example.com")).toBe(true);
    expect(isValidEmail("jo@")).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});
