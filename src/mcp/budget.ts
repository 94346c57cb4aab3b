// Every text a tool hands a model is held to MCP_MAX_RESULT_CHARS: clients cap what a tool may
// return (Claude Code at 25,000 tokens) and a result past that is lost or crowds out the
// conversation. A cut is never silent: the result says `truncated: true` and how to read on.

/** The first `max` characters of `text`, cut at a line end when one is near, and whether it was cut. */
export function cutText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  // A cut at the end of a line keeps a markdown table row or a sentence whole; not worth losing
  // more than a tenth of the budget for.
  const newline = text.lastIndexOf("\n", max);
  if (newline > max * 0.9) end = newline + 1;
  // Never between the two halves of a surrogate pair.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: text.slice(0, end), truncated: true };
}

/**
 * As many of `items` as fit when rendered together: the count kept. At least one is kept, cut by
 * the caller if it alone is too long, so a list always makes progress.
 */
export function fitItems<T>(items: readonly T[], max: number, size: (item: T) => number): number {
  let used = 0;
  for (const [i, item] of items.entries()) {
    used += size(item);
    if (used > max) return Math.max(1, i);
  }
  return items.length;
}
