// How a reading of a document is scored against the blocks a person reads, in their order.

/** A text as the words a scorer compares: NFKC, lower case, runs of letters and digits. */
export function words(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** Markdown reduced to its text: page markers, table pipes and line-start markup dropped (a numbered item keeps its number: it is the text's). */
export function markdownText(md: string): string {
  return md
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<br\s*\/?>/g, " ")
    .split("\n")
    .filter((l) => !/^\s*\|?(\s*:?-+:?\s*\|)+\s*$/.test(l))
    .map((l) => l.replace(/^\s*(#{1,6}|>|[-*+])\s+/, "").replace(/\|/g, " "))
    .join("\n");
}

/** Words F1 of two bags of words (counts matter, order does not). */
export function wordsF1(truth: string[], found: string[]): { p: number; r: number; f1: number } {
  const bag = new Map<string, number>();
  for (const w of truth) bag.set(w, (bag.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of found) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      hit++;
      bag.set(w, n - 1);
    }
  }
  const p = found.length ? hit / found.length : 0;
  const r = truth.length ? hit / truth.length : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
}

/** Words of a block's start that are looked for: its first eight, fewer for a shorter block. */
export const START_WORDS = 8;

/**
 * Where each block's start stands in a reading (word positions), or -1 when it is not found.
 * A start found several times is taken at its first place after the previous block's, else at
 * its first place: a short heading repeated in the text must not be counted out of order.
 */
export function startPositions(blocks: string[][], reading: string[]): number[] {
  const index = new Map<string, number[]>();
  for (let i = 0; i < reading.length; i++) {
    const w = reading[i] as string;
    const list = index.get(w);
    if (list) list.push(i);
    else index.set(w, [i]);
  }
  const occurrences = (start: string[]) =>
    (index.get(start[0] as string) ?? []).filter((i) => start.every((w, k) => reading[i + k] === w));
  let last = -1;
  return blocks.map((b) => {
    const start = b.slice(0, START_WORDS);
    if (!start.length) return -1;
    const at = occurrences(start);
    const pos = at.find((i) => i > last) ?? at[0] ?? -1;
    if (pos >= 0) last = pos;
    return pos;
  });
}

/** Length of the longest strictly increasing subsequence of the found positions (-1 skipped). */
export function longestIncreasing(positions: number[]): number {
  const tails: number[] = [];
  for (const p of positions) {
    if (p < 0) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = p;
  }
  return tails.length;
}

/** Share of blocks whose starts are found in order (a block not found counts as out of order). */
export function orderScore(
  blocks: string[][],
  reading: string[],
): { inOrder: number; found: number; n: number } {
  const kept = blocks.filter((b) => b.length);
  const pos = startPositions(kept, reading);
  return { inOrder: longestIncreasing(pos), found: pos.filter((p) => p >= 0).length, n: kept.length };
}

/** Whether a block's words stand in the reading as one run (not split by other text). */
export function intact(block: string[], reading: string[]): boolean {
  if (!block.length) return true;
  const [pos] = startPositions([block], reading);
  if (pos === undefined || pos < 0) return false;
  return block.every((w, k) => reading[pos + k] === w);
}
