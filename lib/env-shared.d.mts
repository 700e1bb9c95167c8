import type { z } from "zod";

type Optional = z.ZodType<string | undefined, unknown>;
export declare const optional: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<string | undefined, string>>>;
export declare const sharedShape: {
  REDIS_URL: Optional;
  REDIS_PREFIX: z.ZodType<string, unknown>;
  REDIS_CACHE_TIMEOUT_MS: z.ZodType<number, unknown>;
  PORT: z.ZodType<number, unknown>;
  HOSTNAME: Optional;
  SHUTDOWN_TIMEOUT_MS: z.ZodType<number, unknown>;
  LOG_LEVEL: z.ZodType<"trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent" | undefined, unknown>;
  NEXT_PHASE: Optional;
  VERCEL: Optional;
};
export type SharedEnv = z.infer<z.ZodObject<typeof sharedShape>>;
export declare function parseConfiguration<S extends z.ZodRawShape>(shape: S, source?: Record<string, string | undefined>): z.infer<z.ZodObject<S>>;
export declare function sharedEnv(): SharedEnv;
export declare function liveVariable(name: string): string | undefined;
export declare function childProcessEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
