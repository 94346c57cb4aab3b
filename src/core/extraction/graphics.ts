import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { pdfjs } from "./pdfjs.ts";

// Ruling lines and shaded cells come from the page's drawing operators, not from its pixels:
// exact positions, no rendering cost. What is kept is what a table reader needs, as the page
// shows it: straight axis-aligned strokes, thin filled rectangles (many producers draw rules
// that way), and larger filled rectangles. White and near-white paint is dropped (a page-sized
// white background or white cell fills are invisible on the white page and would only hide the
// real shading); so are curves, slanted lines, unpainted (clipping) paths and soft-mask content.
// Everything is clipped to the bounding box of the clip in effect, so nothing off the page or
// outside a form's box is reported.

/**
 * A straight stroke or a thin filled rectangle, in viewport points (top-left origin, page rotation
 * applied). Horizontal ones have y0 === y1 and x0 < x1; vertical ones x0 === x1 and y0 < y1.
 * `width` is the stroke width (or the thin rectangle's thickness) on the page; 0 is a hairline.
 */
export type Segment = { x0: number; y0: number; x1: number; y1: number; width: number };
/** A filled rectangle too large to be a rule (a shaded row or cell), viewport coordinates, x0 < x1, y0 < y1. */
export type FilledRect = { x0: number; y0: number; x1: number; y1: number; fill: string | null };
export type PageGraphics = {
  horizontals: Segment[];
  verticals: Segment[];
  rects: FilledRect[];
  /** Where images are painted (each the unit square under its transform, clipped), viewport coordinates. */
  images: { x0: number; y0: number; x1: number; y1: number }[];
  /** The walk stopped at the operator budget; what was found up to there is still returned. */
  truncated: boolean;
};

/** How far a line may slant, in points over its length, and still count as horizontal or vertical. */
const SLANT = 1;
/** A filled rectangle at most this thick is a rule, not a shaded area. */
const THIN = 3;
/** Collinear pieces closer than this (across or along) are one line. */
const MERGE = 1;
/** Shorter lines, after merging, are dots and ticks, not rules. */
const MIN_LENGTH = 1;
/** Fills (and strokes) lighter than this in every channel are treated as white, so invisible. */
const WHITE = 0xfb;
/** The default budget of pageGraphics: operators plus path commands walked. */
export const DEFAULT_MAX_OPS = 2_000_000;
/** Frame detection compares subpaths pairwise; a path with more rectangles than this skips it. */
const MAX_FRAME_RECTS = 64;

// pdfjs 5 encodes path data with these codes (src/shared/util.js `DrawOPS`), which it does not export.
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUAD_TO = 3;
const CLOSE = 4;

type Matrix = [number, number, number, number, number, number];
/** A device-space box: x0, y0, x1, y1. */
type Box = [number, number, number, number];

type GState = {
  /** User space to viewport: the content's CTM followed by the viewport transform. */
  m: Matrix;
  lineWidth: number;
  fill: string | null;
  /** The fill colour paints something: not transparent, not (for this purpose) white. */
  fillPaints: boolean;
  strokePaints: boolean;
  /** The constant alpha (ca, CA) is not zero. */
  fillAlpha: boolean;
  strokeAlpha: boolean;
  /** The bounding box of the clip in effect; content outside it is not on the page. */
  clip: Box;
  /** Inside a soft-mask group, which is drawn into a mask and never shown. */
  masked: boolean;
};

// Same convention as pdfjs's Util.transform: the result applies n first, then m.
function mul(m: Matrix, n: ArrayLike<number>): Matrix {
  const [a, b, c, d, e, f] = m;
  const [na = 1, nb = 0, nc = 0, nd = 1, ne = 0, nf = 0] = Array.from(n);
  return [
    a * na + c * nb,
    b * na + d * nb,
    a * nc + c * nd,
    b * nc + d * nd,
    a * ne + c * nf + e,
    b * ne + d * nf + f,
  ];
}

function boxOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const xs = [0, 0, 0, 0];
  const ys = [0, 0, 0, 0];
  const corners = [x0, y0, x1, y0, x1, y1, x0, y1];
  for (let k = 0; k < 4; k++) {
    const x = corners[2 * k] as number;
    const y = corners[2 * k + 1] as number;
    xs[k] = m[0] * x + m[2] * y + m[4];
    ys[k] = m[1] * x + m[3] * y + m[5];
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function intersect(a: Box, b: Box): Box {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

function isWhite(hex: string): boolean {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  return [m[1], m[2], m[3]].every((h) => Number.parseInt(h as string, 16) >= WHITE);
}

/**
 * The points of one path in viewport coordinates, reused from path to path: the walk never
 * awaits, so no two pages' walks interleave. `bent[k]` says point k is reached by a curve.
 * The hot path fills these and avoids Array.prototype.push, because pdfjs's legacy build
 * swaps in a core-js push that is much slower, for every array in the process.
 */
const pointBuffers = (n: number) => ({
  xs: new Float64Array(n),
  ys: new Float64Array(n),
  bent: new Uint8Array(n),
});
let pts = pointBuffers(256);
/** Points start..end-1 of `pts`; `closed` by h. */
type Subpath = { start: number; end: number; closed: boolean; curved: boolean };

function ensure(n: number) {
  if (pts.xs.length < n) pts = pointBuffers(Math.max(n, pts.xs.length * 2));
}

/** Reads the path into `pts` and `paths`; returns the commands read, or -1 past `limit` of them. */
function subpaths(data: ArrayLike<number>, m: Matrix, paths: Subpath[], limit: number): number {
  // Every point takes at least one code and two numbers, or (after h) one code.
  ensure(data.length + 1);
  const { xs, ys, bent } = pts;
  paths.length = 0;
  let cur: Subpath | null = null;
  let n = 0;
  let commands = 0;
  const [a, b, c, d, e, f] = m;
  for (let k = 0; k < data.length; ) {
    if (++commands > limit) return -1;
    const code = data[k++];
    let x: number;
    let y: number;
    switch (code) {
      case MOVE_TO:
        cur = null;
        x = data[k] as number;
        y = data[k + 1] as number;
        k += 2;
        break;
      case LINE_TO:
        x = data[k] as number;
        y = data[k + 1] as number;
        k += 2;
        break;
      case CURVE_TO:
        x = data[k + 4] as number;
        y = data[k + 5] as number;
        k += 6;
        break;
      case QUAD_TO:
        x = data[k + 2] as number;
        y = data[k + 3] as number;
        k += 4;
        break;
      case CLOSE:
        if (cur && cur.end > cur.start) {
          cur.closed = true;
          // After h the current point is the subpath's start, where a following l continues from.
          xs[n] = xs[cur.start] as number;
          ys[n] = ys[cur.start] as number;
          bent[n] = 0;
          cur = { start: n, end: n + 1, closed: false, curved: false };
          paths[paths.length] = cur;
          n++;
        }
        continue;
      default:
        // An unknown code means the encoding changed under us: stop rather than misread the rest.
        return commands;
    }
    if (!cur) {
      cur = { start: n, end: n, closed: false, curved: false };
      paths[paths.length] = cur;
    }
    xs[n] = a * x + c * y + e;
    ys[n] = b * x + d * y + f;
    const curve = code === CURVE_TO || code === QUAD_TO;
    bent[n] = curve ? 1 : 0;
    if (curve) cur.curved = true;
    n++;
    cur.end = n;
  }
  return commands;
}

/** The box of the path points from `start` up to `end`. */
function pointsBox(start: number, end: number): Box {
  const { xs, ys } = pts;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let k = start; k < end; k++) {
    const x = xs[k] as number;
    const y = ys[k] as number;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

/** The subpath's box if it is an axis-aligned rectangle (extra points along its sides allowed). */
function rectOf(p: Subpath): Box | null {
  const { start, end } = p;
  const n = end - start;
  if (p.curved || n < 3) return null;
  const { xs, ys } = pts;
  const [x0, y0, x1, y1] = pointsBox(start, end);
  const tol = Math.min(SLANT, (x1 - x0) / 2, (y1 - y0) / 2) || 0.01;
  for (let k = start; k < end; k++) {
    const x = xs[k] as number;
    const y = ys[k] as number;
    const j = k + 1 < end ? k + 1 : start;
    if (Math.abs((xs[j] as number) - x) > tol && Math.abs((ys[j] as number) - y) > tol) return null;
    const onSide =
      Math.abs(x - x0) <= tol ||
      Math.abs(x - x1) <= tol ||
      Math.abs(y - y0) <= tol ||
      Math.abs(y - y1) <= tol;
    if (!onSide) return null;
  }
  return [x0, y0, x1, y1];
}

/** Share of the smaller side a rounded corner may take, at most: more is an ellipse, a blob. */
const MAX_CORNER = 0.25;

/**
 * The subpath's box if it is a rectangle with rounded corners: straight sides along its box,
 * curves only where they turn a corner (a tinted box drawn with a border radius).
 */
function roundedRectOf(p: Subpath): Box | null {
  const { start, end } = p;
  if (!p.curved || end - start < 5) return null;
  const { xs, ys, bent } = pts;
  const [x0, y0, x1, y1] = pointsBox(start, end);
  const corner = MAX_CORNER * Math.min(x1 - x0, y1 - y0);
  if (corner <= THIN) return null;
  for (let k = start; k < end; k++) {
    const j = k + 1 < end ? k + 1 : start;
    const dx = Math.abs((xs[j] as number) - (xs[k] as number));
    const dy = Math.abs((ys[j] as number) - (ys[k] as number));
    if (bent[j]) {
      if (dx > corner || dy > corner) return null;
      continue;
    }
    if (dx > SLANT && dy > SLANT) return null;
    const x = xs[k] as number;
    const y = ys[k] as number;
    // A straight piece runs along a side (the closing piece of a corner's curve may be short).
    const onSide =
      dx + dy <= SLANT ||
      (dy <= SLANT && (Math.abs(y - y0) <= SLANT || Math.abs(y - y1) <= SLANT)) ||
      (dx <= SLANT && (Math.abs(x - x0) <= SLANT || Math.abs(x - x1) <= SLANT));
    if (!onSide) return null;
  }
  return [x0, y0, x1, y1];
}

/** Twice the signed area: which way the subpath winds, for telling holes under the nonzero rule. */
function signedArea(p: Subpath): number {
  const { xs, ys } = pts;
  let s = 0;
  for (let k = p.start; k < p.end; k++) {
    const j = k + 1 < p.end ? k + 1 : p.start;
    s += (xs[k] as number) * (ys[j] as number) - (xs[j] as number) * (ys[k] as number);
  }
  return s;
}

type Raw = { pos: number; a: number; b: number; width: number };

class Collector {
  readonly h: Raw[] = [];
  readonly v: Raw[] = [];
  readonly rects: FilledRect[] = [];

  stroke(x0: number, y0: number, x1: number, y1: number, g: GState) {
    const dx = Math.abs(x1 - x0);
    const dy = Math.abs(y1 - y0);
    const [a, b, c, d] = g.m;
    // The pen is a circle in user space; its extent across the line is the matrix row's norm.
    if (dy <= SLANT && dx > 2 * dy) {
      this.hLine((y0 + y1) / 2, Math.min(x0, x1), Math.max(x0, x1), g.lineWidth * Math.hypot(b, d), g.clip);
    } else if (dx <= SLANT && dy > 2 * dx) {
      this.vLine((x0 + x1) / 2, Math.min(y0, y1), Math.max(y0, y1), g.lineWidth * Math.hypot(a, c), g.clip);
    }
  }

  /** A filled axis-aligned box: a rule when thin, a shaded area otherwise. */
  box(r: Box, g: GState) {
    const [x0, y0, x1, y1] = r;
    const w = x1 - x0;
    const h = y1 - y0;
    // A zero-area fill paints nothing (pdfjs's renderer agrees), so it is no rule either.
    if (w < 0.01 || h < 0.01) return;
    if (Math.min(w, h) <= THIN) {
      // Both sides small and about square: a dot or bullet, not a line.
      if (Math.max(w, h) < 2 * Math.min(w, h)) return;
      if (w >= h) this.hLine((y0 + y1) / 2, x0, x1, h, g.clip);
      else this.vLine((x0 + x1) / 2, y0, y1, w, g.clip);
      return;
    }
    const c = intersect(r, g.clip);
    if (c[2] - c[0] <= 0 || c[3] - c[1] <= 0) return;
    this.rects[this.rects.length] = { x0: c[0], y0: c[1], x1: c[2], y1: c[3], fill: g.fill };
  }

  /** A shaded area that is no rule however thin (a box with rounded corners). */
  shade(r: Box, g: GState) {
    const c = intersect(r, g.clip);
    if (c[2] - c[0] <= THIN || c[3] - c[1] <= THIN) return;
    this.rects[this.rects.length] = { x0: c[0], y0: c[1], x1: c[2], y1: c[3], fill: g.fill };
  }

  private hLine(y: number, x0: number, x1: number, width: number, clip: Box) {
    const slack = width / 2 + 0.5;
    if (y < clip[1] - slack || y > clip[3] + slack) return;
    const a = Math.max(x0, clip[0]);
    const b = Math.min(x1, clip[2]);
    if (b > a) this.h[this.h.length] = { pos: y, a, b, width };
  }

  private vLine(x: number, y0: number, y1: number, width: number, clip: Box) {
    const slack = width / 2 + 0.5;
    if (x < clip[0] - slack || x > clip[2] + slack) return;
    const a = Math.max(y0, clip[1]);
    const b = Math.min(y1, clip[3]);
    if (b > a) this.v[this.v.length] = { pos: x, a, b, width };
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Joins collinear pieces: lines within MERGE of each other across, and overlapping or within
 * MERGE along, become one, at the length-weighted mean position and the widest width.
 */
function merge(raw: Raw[]): Raw[] {
  const sorted = [...raw].sort((p, q) => p.pos - q.pos);
  const out: Raw[] = [];
  for (let i = 0; i < sorted.length; ) {
    const anchor = (sorted[i] as Raw).pos;
    let j = i;
    while (j < sorted.length && (sorted[j] as Raw).pos - anchor <= MERGE) j++;
    const band = sorted.slice(i, j).sort((p, q) => p.a - q.a);
    i = j;
    let run: Raw[] = [];
    let end = Number.NEGATIVE_INFINITY;
    const flush = () => {
      if (run.length === 0) return;
      let len = 0;
      let sum = 0;
      let width = 0;
      for (const r of run) {
        const l = Math.max(r.b - r.a, 1e-6);
        len += l;
        sum += r.pos * l;
        width = Math.max(width, r.width);
      }
      const a = (run[0] as Raw).a;
      if (end - a >= MIN_LENGTH) out[out.length] = { pos: sum / len, a, b: end, width };
      run = [];
    };
    for (const r of band) {
      if (r.a > end + MERGE) {
        flush();
        end = Number.NEGATIVE_INFINITY;
      }
      run[run.length] = r;
      end = Math.max(end, r.b);
    }
    flush();
  }
  return out;
}

type Ops = Awaited<ReturnType<typeof pdfjs>>["OPS"];
let wanted: Uint8Array | null = null;
function wantedOps(OPS: Ops): Uint8Array {
  const table = new Uint8Array(256);
  const names: (keyof Ops)[] = [
    "save",
    "restore",
    "transform",
    "paintFormXObjectBegin",
    "paintFormXObjectEnd",
    "beginGroup",
    "endGroup",
    "beginAnnotation",
    "endAnnotation",
    "setLineWidth",
    "setGState",
    "setFillRGBColor",
    "setFillColorN",
    "setFillTransparent",
    "setStrokeRGBColor",
    "setStrokeColorN",
    "setStrokeTransparent",
    "clip",
    "eoClip",
    "constructPath",
    "paintImageXObject",
    "paintInlineImageXObject",
    "paintImageMaskXObject",
  ];
  for (const name of names) table[OPS[name]] = 1;
  return table;
}

/**
 * Drops short pieces that lie within the thickness of a crossing line: the overhang of a
 * rectangle's side past a thick rule (or a thin rect's end), which is no rule of its own.
 */
function withoutStubs(lines: Raw[], across: Raw[]): Raw[] {
  const sorted = [...across].sort((p, q) => p.pos - q.pos);
  let widest = 0;
  for (const c of sorted) widest = Math.max(widest, c.width);
  const reach = widest / 2 + 0.5;
  return lines.filter((s) => {
    if (s.b - s.a > THIN) return true;
    // Binary search to the first crossing line that could hold this piece, so a page of
    // thousands of dashes stays fast.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as Raw).pos < s.a - reach) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < sorted.length; k++) {
      const c = sorted[k] as Raw;
      if (c.pos > s.b + reach) break;
      const half = c.width / 2 + 0.5;
      if (s.a >= c.pos - half && s.b <= c.pos + half && s.pos >= c.a - 0.5 && s.pos <= c.b + 0.5)
        return false;
    }
    return true;
  });
}

/** Within this, filled rectangles' edges line up and their sides touch. */
const RECT_SNAP = 0.5;

/**
 * Same-coloured rectangles that tile a larger one (a row shaded cell by cell, or in pieces)
 * become that one: along rows, then rows of equal extent down the page, until nothing changes.
 */
function mergeRects(rects: FilledRect[]): FilledRect[] {
  const pass = (list: FilledRect[], across: boolean): FilledRect[] => {
    // across: join left-right neighbours with the same top and bottom; else top-bottom ones.
    const key = (r: FilledRect) => (across ? [r.y0, r.y1, r.x0, r.x1] : [r.x0, r.x1, r.y0, r.y1]) as Box;
    const sorted = [...list].sort((p, q) => {
      const [p0, p1, p2] = key(p);
      const [q0, q1, q2] = key(q);
      const pf = p.fill ?? "";
      const qf = q.fill ?? "";
      return pf < qf ? -1 : pf > qf ? 1 : p0 - q0 || p1 - q1 || p2 - q2;
    });
    const out: FilledRect[] = [];
    for (const r of sorted) {
      const last = out[out.length - 1];
      if (last && last.fill === r.fill) {
        const [l0, l1, , l3] = key(last);
        const [r0, r1, r2, r3] = key(r);
        if (Math.abs(l0 - r0) <= RECT_SNAP && Math.abs(l1 - r1) <= RECT_SNAP && r2 <= l3 + RECT_SNAP) {
          if (across) last.x1 = Math.max(l3, r3);
          else last.y1 = Math.max(l3, r3);
          continue;
        }
      }
      out[out.length] = { ...r };
    }
    return out;
  };
  // Cells split differently in different columns only line up after a merge the other way.
  let list = rects;
  for (let round = 0; round < 4; round++) {
    const next = pass(pass(list, true), false);
    const done = next.length === list.length;
    list = next;
    if (done) break;
  }
  return list.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
}

/**
 * The page's ruling lines and shaded rectangles, read from its operator list (not its pixels),
 * in the same top-left, rotation-corrected (viewport) coordinates as the text of layout/words.ts.
 *
 * `maxOps` bounds the walk (operators plus path commands); a page past it comes back with what
 * was found so far and `truncated: true`. The operator list itself is built in full by pdfjs.
 */
export async function pageGraphics(
  page: PDFPageProxy,
  opts: { maxOps?: number } = {},
): Promise<PageGraphics> {
  const { OPS } = await pdfjs();
  const maxOps = opts.maxOps ?? DEFAULT_MAX_OPS;
  const viewport = page.getViewport({ scale: 1 });
  const base = Array.from(viewport.transform) as Matrix;
  const pageBox: Box = [0, 0, viewport.width, viewport.height];
  const list = await page.getOperatorList();
  const { fnArray, argsArray } = list;
  const argsOf = argsArray as unknown[][];
  wanted ??= wantedOps(OPS);

  const initial = (): GState => ({
    m: base,
    lineWidth: 1,
    fill: "#000000",
    fillPaints: true,
    strokePaints: true,
    fillAlpha: true,
    strokeAlpha: true,
    clip: pageBox,
    masked: false,
  });
  let g = initial();
  const stack: GState[] = [];
  // Groups, forms and annotations save and restore like q/Q, so one stack serves them all.
  const push = () => {
    stack[stack.length] = { ...g };
  };
  const pop = () => {
    const prev = stack.pop();
    if (prev) g = prev;
  };
  let pendingClip = false;
  const out = new Collector();
  const images: PageGraphics["images"] = [];
  const paths: Subpath[] = [];
  let budget = maxOps;
  let truncated = false;

  walk: for (let i = 0; i < fnArray.length; i++) {
    if (--budget < 0) {
      truncated = true;
      break;
    }
    const fn = fnArray[i] as number;
    // Most operators (text, images) mean nothing here; skip them before the switch's long compare chain.
    if (!wanted[fn]) continue;
    const args = argsOf[i] ?? [];
    switch (fn) {
      case OPS.save:
        push();
        break;
      case OPS.restore:
        pop();
        break;
      case OPS.transform:
        g.m = mul(g.m, args as number[]);
        break;
      case OPS.paintFormXObjectBegin: {
        push();
        const matrix = args[0] as ArrayLike<number> | null;
        if (matrix && matrix.length === 6) g.m = mul(g.m, matrix);
        const bbox = args[1] as ArrayLike<number> | null;
        if (bbox && bbox.length === 4) {
          const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = Array.from(bbox);
          g.clip = intersect(g.clip, boxOf(g.m, x0, y0, x1, y1));
        }
        break;
      }
      case OPS.paintFormXObjectEnd:
        pop();
        break;
      case OPS.beginGroup: {
        push();
        const group = args[0] as {
          smask?: unknown;
          bbox?: ArrayLike<number> | null;
          matrix?: ArrayLike<number> | null;
        };
        if (group?.smask) g.masked = true;
        if (group?.bbox && group.bbox.length === 4) {
          // The form's matrix is applied by the paintFormXObjectBegin that follows; the bbox is in form space.
          const m = group.matrix && group.matrix.length === 6 ? mul(g.m, group.matrix) : g.m;
          const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = Array.from(group.bbox);
          g.clip = intersect(g.clip, boxOf(m, x0, y0, x1, y1));
        }
        break;
      }
      case OPS.endGroup:
        pop();
        break;
      case OPS.beginAnnotation: {
        // An appearance stream starts from a fresh state in page space, clipped to its rectangle.
        push();
        const [, rect, transform, matrix] = args as [
          unknown,
          ArrayLike<number> | null,
          ArrayLike<number>,
          ArrayLike<number>,
        ];
        g = initial();
        if (rect && rect.length === 4) {
          const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = Array.from(rect);
          g.clip = intersect(pageBox, boxOf(base, x0, y0, x1, y1));
        }
        g.m = mul(mul(base, transform), matrix);
        break;
      }
      case OPS.endAnnotation:
        pop();
        break;
      case OPS.setLineWidth:
        g.lineWidth = Math.abs(Number(args[0]) || 0);
        break;
      case OPS.setGState:
        for (const entry of (args[0] ?? []) as [string, unknown][]) {
          const [key, value] = entry;
          if (key === "LW" && typeof value === "number") g.lineWidth = value;
          else if (key === "ca" && typeof value === "number") g.fillAlpha = value > 0;
          else if (key === "CA" && typeof value === "number") g.strokeAlpha = value > 0;
        }
        break;
      // pdfjs converts every colour space to one "#rrggbb" string before it reaches us.
      case OPS.setFillRGBColor: {
        const hex = args[0];
        g.fill = typeof hex === "string" ? hex.toLowerCase() : null;
        g.fillPaints = !(typeof hex === "string" && isWhite(hex));
        break;
      }
      case OPS.setFillColorN:
        // A pattern (gradient or tiling): visible, colour unknown.
        g.fill = null;
        g.fillPaints = true;
        break;
      case OPS.setFillTransparent:
        g.fillPaints = false;
        break;
      case OPS.setStrokeRGBColor: {
        const hex = args[0];
        g.strokePaints = !(typeof hex === "string" && isWhite(hex));
        break;
      }
      case OPS.setStrokeColorN:
        g.strokePaints = true;
        break;
      case OPS.setStrokeTransparent:
        g.strokePaints = false;
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        const op = args[0] as number;
        const data = (args[1] as (ArrayLike<number> | null)[] | undefined)?.[0];
        if (!data) {
          pendingClip = false;
          break;
        }
        const commands = subpaths(data, g.m, paths, budget);
        if (commands < 0) {
          // One huge path can hold millions of segments: the budget counts them, not just the op.
          truncated = true;
          break walk;
        }
        budget -= commands;
        if (pendingClip) {
          // Only the clip's bounding box is kept: enough to drop what falls wholly outside it.
          pendingClip = false;
          let x0 = Number.POSITIVE_INFINITY;
          let y0 = Number.POSITIVE_INFINITY;
          let x1 = Number.NEGATIVE_INFINITY;
          let y1 = Number.NEGATIVE_INFINITY;
          const end = paths.length > 0 ? (paths[paths.length - 1] as Subpath).end : 0;
          for (let k = 0; k < end; k++) {
            const x = pts.xs[k] as number;
            const y = pts.ys[k] as number;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
          }
          if (x1 >= x0) g.clip = intersect(g.clip, [x0, y0, x1, y1]);
        }
        if (g.masked) break;
        const strokes =
          op === OPS.stroke ||
          op === OPS.closeStroke ||
          op === OPS.fillStroke ||
          op === OPS.eoFillStroke ||
          op === OPS.closeFillStroke ||
          op === OPS.closeEOFillStroke;
        const evenOdd = op === OPS.eoFill || op === OPS.eoFillStroke || op === OPS.closeEOFillStroke;
        const fills = evenOdd || op === OPS.fill || op === OPS.fillStroke || op === OPS.closeFillStroke;
        if (fills && g.fillPaints && g.fillAlpha) fillPath(paths, evenOdd, g, out);
        if (strokes && g.strokePaints && g.strokeAlpha) {
          const { xs, ys, bent } = pts;
          for (const p of paths) {
            const last = p.closed ? p.end : p.end - 1;
            for (let k = p.start; k < last; k++) {
              const j = k + 1 < p.end ? k + 1 : p.start;
              if (j !== p.start && bent[j]) continue;
              out.stroke(xs[k] as number, ys[k] as number, xs[j] as number, ys[j] as number, g);
            }
          }
        }
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject: {
        // An image fills the unit square of the current transform.
        if (g.masked) break;
        const [x0, y0, x1, y1] = intersect(boxOf(g.m, 0, 0, 1, 1), g.clip);
        if (x1 > x0 && y1 > y0)
          images[images.length] = { x0: round(x0), y0: round(y0), x1: round(x1), y1: round(y1) };
        break;
      }
      default:
        break;
    }
  }

  // One pathological path must not keep its point buffer alive for the life of the process.
  if (pts.xs.length > 1 << 16) pts = pointBuffers(256);
  const h = merge(out.h);
  const v = merge(out.v);
  const horizontals = withoutStubs(h, v).map((r) => {
    const y = round(r.pos);
    return { x0: round(r.a), y0: y, x1: round(r.b), y1: y, width: round(r.width) };
  });
  const verticals = withoutStubs(v, h).map((r) => {
    const x = round(r.pos);
    return { x0: x, y0: round(r.a), x1: x, y1: round(r.b), width: round(r.width) };
  });
  const rects = mergeRects(out.rects).map((r) => ({
    x0: round(r.x0),
    y0: round(r.y0),
    x1: round(r.x1),
    y1: round(r.y1),
    fill: r.fill,
  }));
  return { horizontals, verticals, rects, images, truncated };
}

/**
 * Filled subpaths that are axis-aligned rectangles. A rectangle with another inside it that
 * the fill rule leaves empty (`re re f*`, or opposite windings under nonzero) is a drawn frame:
 * its four sides are kept instead of the whole box.
 */
function fillPath(paths: Subpath[], evenOdd: boolean, g: GState, out: Collector) {
  const boxes: { box: Box; area: number }[] = [];
  for (const p of paths) {
    const box = rectOf(p);
    if (box) boxes[boxes.length] = { box, area: signedArea(p) };
    else {
      // A box with rounded corners shades an area; it draws no rules.
      const rounded = roundedRectOf(p);
      if (rounded) out.shade(rounded, g);
    }
  }
  if (boxes.length < 2 || boxes.length > MAX_FRAME_RECTS) {
    for (const { box } of boxes) out.box(box, g);
    return;
  }
  // Largest first, so each box's hole is the next one in, and a hole is never itself an outer.
  boxes.sort((p, q) => Math.abs(q.area) - Math.abs(p.area));
  const holes = new Map<number, number[]>();
  const isHole = new Set<number>();
  for (let i = 0; i < boxes.length; i++) {
    if (isHole.has(i)) continue;
    const outer = boxes[i] as { box: Box; area: number };
    const [ox0, oy0, ox1, oy1] = outer.box;
    for (let j = i + 1; j < boxes.length; j++) {
      if (isHole.has(j)) continue;
      const inner = boxes[j] as { box: Box; area: number };
      const [ix0, iy0, ix1, iy1] = inner.box;
      const inside = ix0 >= ox0 && iy0 >= oy0 && ix1 <= ox1 && iy1 <= oy1;
      if (!inside || !(evenOdd || Math.sign(inner.area) !== Math.sign(outer.area))) continue;
      // Only direct children are holes; a box inside a hole is painted again.
      const nested = (holes.get(i) ?? []).some((h) => {
        const [hx0, hy0, hx1, hy1] = (boxes[h] as { box: Box }).box;
        return ix0 >= hx0 && iy0 >= hy0 && ix1 <= hx1 && iy1 <= hy1;
      });
      if (nested) continue;
      holes.set(i, [...(holes.get(i) ?? []), j]);
      isHole.add(j);
    }
  }
  boxes.forEach(({ box }, i) => {
    if (isHole.has(i)) return;
    const inner = holes.get(i);
    if (!inner) {
      out.box(box, g);
      return;
    }
    // A box with several holes is a grid cut out of a fill; its bars are not worked out.
    if (inner.length > 1) return;
    const [ox0, oy0, ox1, oy1] = box;
    const [ix0, iy0, ix1, iy1] = (boxes[inner[0] as number] as { box: Box }).box;
    out.box([ox0, oy0, ox1, iy0], g);
    out.box([ox0, iy1, ox1, oy1], g);
    out.box([ox0, iy0, ix0, iy1], g);
    out.box([ix1, iy0, ox1, iy1], g);
  });
}
