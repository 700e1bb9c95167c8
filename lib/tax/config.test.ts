import { resolveTaxSettings } from "@/lib/tax/config";

describe("resolveTaxSettings: a tax setting that cannot be honoured stops start-up, naming the variable", () => {
  it.each([
    ["nothing set: the spec's estimate", {}, { mode: "estimate" }],
    ["TAX_MODE=estimate", { TAX_MODE: "estimate" }, { mode: "estimate" }],
    ["a flat rate for the home state", { TAX_MODE: "flat", TAX_HOME_STATE: "or", TAX_RATE: "6.5" }, { mode: "flat", homeState: "OR", rate: { percent: "6.5", perMillion: 65_000 } }],
    ["a flat rate of exactly 20 %", { TAX_MODE: "flat", TAX_HOME_STATE: "WA", TAX_RATE: "20" }, { mode: "flat", homeState: "WA", rate: { percent: "20", perMillion: 200_000 } }],
    ["a flat rate with 4 decimals", { TAX_MODE: "flat", TAX_HOME_STATE: "NC", TAX_RATE: "7.0625" }, { mode: "flat", homeState: "NC", rate: { percent: "7.0625", perMillion: 70_625 } }],
    ["Stripe Tax with the secret key", { TAX_MODE: "stripe", STRIPE_SECRET_KEY: "sk_test_x" }, { mode: "stripe" }],
  ])("%s", (_label, environment, expected) => {
    expect(resolveTaxSettings(environment)).toEqual(expected);
  });

  it.each([
    ["an unknown mode", { TAX_MODE: "vat" }, 'TAX_MODE must be "estimate", "flat" or "stripe" (got "vat").'],
    ["flat without a home state", { TAX_MODE: "flat", TAX_RATE: "6.5" }, "TAX_MODE=flat needs TAX_HOME_STATE, the shop's home state as its 2-letter US postal code (e.g. OR)."],
    ["flat with a state name", { TAX_MODE: "flat", TAX_HOME_STATE: "Oregon", TAX_RATE: "6.5" }, 'TAX_HOME_STATE, the shop\'s home state as its 2-letter US postal code (e.g. OR) (got "OREGON")'],
    ["flat with two letters that are no state", { TAX_MODE: "flat", TAX_HOME_STATE: "XX", TAX_RATE: "6.5" }, '(got "XX")'],
    ["flat without a rate", { TAX_MODE: "flat", TAX_HOME_STATE: "OR" }, "TAX_MODE=flat needs TAX_RATE, a percentage above 0 and at most 20 such as 6.5."],
    ["flat with a rate of 0", { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "0" }, 'TAX_RATE, a percentage above 0 and at most 20 such as 6.5 (got "0")'],
    ["flat with a rate over 20 (65 for 6.5)", { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "65" }, '(got "65")'],
    ["flat with a rate just over 20", { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "20.0001" }, '(got "20.0001")'],
    ["flat with a fraction instead of a percentage sign", { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "6.5%" }, '(got "6.5%")'],
    ["flat with a negative rate", { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "-1" }, '(got "-1")'],
    ["stripe without the secret key", { TAX_MODE: "stripe" }, "TAX_MODE=stripe needs STRIPE_SECRET_KEY: Stripe Tax is called with it."],
    ["stripe with a blank secret key", { TAX_MODE: "stripe", STRIPE_SECRET_KEY: "  " }, "TAX_MODE=stripe needs STRIPE_SECRET_KEY"],
  ])("%s stops start-up", (_label, environment, message) => {
    expect(() => resolveTaxSettings(environment)).toThrow(message);
  });
});
