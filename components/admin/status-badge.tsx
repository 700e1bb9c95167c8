import { cn } from "@/lib/utils";

const TONES = {
  slate: "border-slate-300 bg-slate-100 text-slate-800",
  red: "border-red-300 bg-red-50 text-red-800",
} as const;

/** A small rounded badge with a tooltip that says why it is shown (archived, disputed, …). */
export function StatusBadge({ tone, title, testId, className, children }: { tone: keyof typeof TONES; title: string; testId: string; className?: string; children: React.ReactNode }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", TONES[tone], className)} title={title} data-testid={testId} data-slot="badge">
      {children}
    </span>
  );
}
