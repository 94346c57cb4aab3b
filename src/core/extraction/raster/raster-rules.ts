import type { GreyImage } from "./grey-image.ts";

// Rules printed on a scanned page, found in its pixels: in each pixel row (for horizontal rules)
// or column (vertical ones), long runs of ink joined across small gaps (a scan breaks a thin rule
// where the noise or the JPEG lightens it); runs in neighbouring rows that overlap are one rule
// (its thickness). Letters give short runs only, so the length is what tells a rule from text;
// a band too thick for a rule is a filled area (a shaded header), not a rule. Bold print made
// heavier by a copier's toner, blurred and JPEG'd, can join a word's letters into long runs
// along one band of its x-height (its baseline, its middle): such a band has the rest of the
// letters beside it, where a rule has paper on both sides (clear), so it is no rule; painted
// out, it would cut the word in half.

/** A rule in pixels: `at` is its centre across, `from`-`to` its extent along, `thickness` across. */
export type PixelRule = { at: number; from: number; to: number; thickness: number };

export type RasterRuleOptions = {
  /** Pixels per point of the image. */
  scale: number;
  /** Darker than this is ink. A blurred one-pixel rule on a 150 dpi scan comes out mid-grey. */
  ink?: number;
  /** Shortest rule, in points: longer than any stroke of body or heading text. */
  minLength?: number;
  /** Widest gap bridged inside a rule, in points. */
  maxGap?: number;
  /** Thickest rule, in points; thicker bands are fills. */
  maxThickness?: number;
};

export const RULE_DEFAULTS = { ink: 160, minLength: 24, maxGap: 1.5, maxThickness: 3 } as const;
/** Share of a run that must be ink: a row through words joined across a speck between them is not. */
const MIN_FILL = 0.92;
/** Beside a rule, within a point of it, some line along it is at most this share ink. */
const MAX_FLANK_INK = 0.5;

export type RasterRules = { horizontals: PixelRule[]; verticals: PixelRule[] };

export function findRasterRules(img: GreyImage, opts: RasterRuleOptions): RasterRules {
  const ink = opts.ink ?? RULE_DEFAULTS.ink;
  const reach = Math.max(2, Math.round(opts.scale));
  const minLen = Math.max(8, Math.round((opts.minLength ?? RULE_DEFAULTS.minLength) * opts.scale));
  const maxGap = Math.max(1, Math.round((opts.maxGap ?? RULE_DEFAULTS.maxGap) * opts.scale));
  const maxThick = Math.max(2, Math.round((opts.maxThickness ?? RULE_DEFAULTS.maxThickness) * opts.scale));
  const { data, width, height } = img;
  const along = (lines: number, length: number, index: (line: number, pos: number) => number) =>
    rulesAlong(data, lines, length, index, { ink, minLen, maxGap, maxThick, reach });
  return {
    horizontals: along(height, width, (y, x) => y * width + x),
    verticals: along(width, height, (x, y) => y * width + x),
  };
}

type Run = { line: number; from: number; to: number };
type Group = { runs: Run[]; last: number; from: number; to: number };

function rulesAlong(
  data: Uint8Array,
  lines: number,
  length: number,
  index: (line: number, pos: number) => number,
  o: { ink: number; minLen: number; maxGap: number; maxThick: number; reach: number },
): PixelRule[] {
  const groups: Group[] = [];
  let open: Group[] = [];
  for (let line = 0; line < lines; line++) {
    const runs: Run[] = [];
    let start = -1;
    let lastInk = -1;
    let filled = 0;
    const close = () => {
      const len = lastInk - start + 1;
      if (start >= 0 && len >= o.minLen && filled / len >= MIN_FILL)
        runs.push({ line, from: start, to: lastInk });
      start = -1;
      filled = 0;
    };
    for (let pos = 0; pos < length; pos++) {
      if ((data[index(line, pos)] as number) >= o.ink) continue;
      if (start >= 0 && pos - lastInk - 1 > o.maxGap) close();
      if (start < 0) start = pos;
      lastInk = pos;
      filled++;
    }
    close();
    // A run joins the open group it overlaps most (half of the shorter at least) from the
    // line before; one pixel line skipped is allowed (a rule's faint middle line).
    const next: Group[] = [];
    for (const r of runs) {
      let best: Group | undefined;
      let bestOverlap = 0;
      for (const g of open) {
        const overlap = Math.min(g.to, r.to) - Math.max(g.from, r.from);
        if (overlap >= 0.5 * Math.min(g.to - g.from, r.to - r.from) && overlap > bestOverlap) {
          best = g;
          bestOverlap = overlap;
        }
      }
      if (best) {
        best.runs.push(r);
        best.last = line;
        best.from = Math.min(best.from, r.from);
        best.to = Math.max(best.to, r.to);
        if (!next.includes(best)) next.push(best);
      } else {
        const g: Group = { runs: [r], last: line, from: r.from, to: r.to };
        groups.push(g);
        next.push(g);
      }
    }
    for (const g of open) if (!next.includes(g) && line - g.last <= 1) next.push(g);
    open = next;
  }
  const rules: PixelRule[] = [];
  for (const g of groups) {
    const first = (g.runs[0] as Run).line;
    const thickness = g.last - first + 1;
    if (thickness > o.maxThick) continue;
    if (
      !clear(data, lines, index, g.from, g.to, first - 1, -1, o) ||
      !clear(data, lines, index, g.from, g.to, g.last + 1, 1, o)
    )
      continue;
    rules.push({ at: (first + g.last) / 2, from: g.from, to: g.to, thickness });
  }
  return rules;
}

/**
 * Whether some line beside a rule (from `start` outwards by `step`, `o.reach` lines at most), over
 * the rule's extent, is mostly paper: true beside a rule (whatever crosses or touches it), false
 * beside a band through a line of text (the letters go on above or below it). The page's edge
 * counts as paper.
 */
function clear(
  data: Uint8Array,
  lines: number,
  index: (line: number, pos: number) => number,
  from: number,
  to: number,
  start: number,
  step: 1 | -1,
  o: { ink: number; reach: number },
): boolean {
  for (let k = 0; k < o.reach; k++) {
    const line = start + k * step;
    if (line < 0 || line >= lines) return true;
    let dark = 0;
    for (let pos = from; pos <= to; pos++) if ((data[index(line, pos)] as number) < o.ink) dark++;
    if (dark <= MAX_FLANK_INK * (to - from + 1)) return true;
  }
  return false;
}

/**
 * Paints the rules white (one pixel more on each side, where the blur spreads them), so the
 * recogniser does not read a vertical rule as `|` or `l` and glue the cells either side of it.
 */
export function eraseRules(img: GreyImage, rules: RasterRules): void {
  const { data, width, height } = img;
  const paint = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(height - 1, Math.ceil(y1)); y++)
      data.fill(
        255,
        y * width + Math.max(0, Math.floor(x0)),
        y * width + Math.min(width - 1, Math.ceil(x1)) + 1,
      );
  };
  for (const r of rules.horizontals) {
    const half = r.thickness / 2 + 1;
    paint(r.from, r.to, r.at - half, r.at + half);
  }
  for (const r of rules.verticals) {
    const half = r.thickness / 2 + 1;
    paint(r.at - half, r.at + half, r.from, r.to);
  }
}
