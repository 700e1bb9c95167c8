import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement, type ReactNode } from "react";
import { clsx } from "clsx";

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode };

/**
 * `asChild` for Button and Badge: renders the single child element with the
 * slot's props merged in (classes joined, styles merged, event handlers of both
 * called, the child's first; other child props win). The same rules as Radix's
 * Slot for the way this shop uses it (a Link styled as a button), without
 * putting Radix's Slot and its ref composition on every page's first load.
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Record<string, unknown>>;
  const merged: Record<string, unknown> = { ...slotProps, ...child.props };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = child.props[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    }
  }
  merged.className = clsx(slotProps.className, child.props.className as string | undefined);
  if (slotProps.style || child.props.style) merged.style = { ...slotProps.style, ...(child.props.style as object | undefined) };
  return cloneElement(child, merged);
}
