import { z } from "zod";

/**
 * All configuration, validated once. A missing optional service key switches
 * that concern to its embedded default; a malformed value stops start-up with
 * a message naming the variable. Every variable is documented in .env.example.
 */
const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATABASE_POOL_MAX: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(100).optional()),
  SITE_URL: optional.pipe(z.url().optional()),
  OWNER_EMAIL: optional.pipe(z.email().optional()),
  EMAIL_FROM: optional,
  RESEND_API_KEY: optional,
  UPLOADTHING_TOKEN: optional,
  STRIPE_SECRET_KEY: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe API endpoint override (tests against a local fake Stripe, or a proxy). */
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optional.pipe(z.enum(["http", "https"]).optional()),
  AUTH_SECRET: optional,
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = load();
