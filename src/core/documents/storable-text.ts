// Text a PDF's fonts decode can hold what PostgreSQL cannot store: NUL (text and jsonb refuse
// it) and halves of surrogate pairs (jsonb refuses their escapes). Control characters other than
// tab and line breaks are no text a reader wants either. A damaged font maps glyphs to any of
// them, and one such page left in would fail its document's writes on every retry.

// biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point.
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const storableText = (s: string): string => s.replace(controls, "").replace(loneSurrogate, "\ufffd");

/** Every string in a value (a page, its tables' cells) made storable; the rest as it is. */
export function storable<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v)])) as T;
  return value;
}
