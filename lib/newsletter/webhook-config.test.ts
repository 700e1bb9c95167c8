import { resendConfigProblem } from "@/lib/newsletter/webhook-config";

describe("Resend's configuration at start-up", () => {
  it("is whole without Resend, or with both the key and a signing secret", () => {
    expect(resendConfigProblem({})).toBeNull();
    expect(resendConfigProblem({ RESEND_API_KEY: "re_123", RESEND_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })).toBeNull();
  });
  it("names the variable when the key comes without the webhook secret, or the secret is not one", () => {
    expect(resendConfigProblem({ RESEND_API_KEY: "re_123" })).toMatch(/^RESEND_API_KEY is set but RESEND_WEBHOOK_SECRET is not/);
    expect(resendConfigProblem({ RESEND_API_KEY: "re_123", RESEND_WEBHOOK_SECRET: "  " })).toMatch(/RESEND_WEBHOOK_SECRET is not/);
    expect(resendConfigProblem({ RESEND_API_KEY: "re_123", RESEND_WEBHOOK_SECRET: "secret" })).toMatch(/^RESEND_WEBHOOK_SECRET must be Resend's webhook signing secret/);
  });
});
