/** JSON-safe value for the audit log (Dates → ISO strings, Decimals → strings, undefined dropped). */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object" && "toFixed" in value && typeof (value as { toFixed: unknown }).toFixed === "function") return String(value);
  return JSON.parse(JSON.stringify(value));
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** Fields never written to the log. */
const SECRET_FIELDS = new Set(["password", "passwordHash", "confirmPassword", "sessionVersion"]);

/**
 * Before/after of the fields that changed. A create has no `before`, a delete
 * no `after`; secret fields are reported as changed ("[changed]") but never stored.
 */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === "updatedAt") continue;
    const from = before?.[key];
    const to = after?.[key];
    if (before && after && same(from, to)) continue;
    if (SECRET_FIELDS.has(key)) {
      if (before) b[key] = "[hidden]";
      if (after) a[key] = "[changed]";
      continue;
    }
    if (before) b[key] = plain(from);
    if (after) a[key] = plain(to);
  }
  return { before: before ? b : null, after: after ? a : null, changed: Object.keys(after ? a : b) };
}
