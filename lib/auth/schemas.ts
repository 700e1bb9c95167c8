import { z } from "@/lib/zod";

/** Admin sign-in and password rules (spec §5), shared by the forms and the API. */
export const MIN_PASSWORD = 6;

const email = z.string({ message: "Email is required" }).trim().toLowerCase().min(1, "Email is required").pipe(z.email("Please enter a valid email address"));

export const loginSchema = z.object({
  email,
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(200),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ message: "Invalid Reset Link" }).min(20, "Invalid Reset Link").max(200),
  password: z.string({ message: "Password must be at least 6 characters" }).min(MIN_PASSWORD, "Password must be at least 6 characters").max(200),
});

/** The reset form: confirmation must match ('Passwords don't match', on the confirm field). */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD, "Password must be at least 6 characters").max(200),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export type LoginInput = z.output<typeof loginSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
