"use client";

import { lazyIsland } from "@/components/ui/lazy-island";

/** The contact form (react-hook-form) hydrated from its own chunk, after the page's first load. */
export const ContactForm = lazyIsland(() => import("@/components/content/contact-form").then((m) => m.ContactForm));
