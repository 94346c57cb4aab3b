import type { GreyImage } from "./grey-image.ts";

// A scan's paper is not white: JPEG ringing, blur and speckle leave light greys around and between
// the letters, which the recogniser reads as ink at the edges of small print ("68.88" as "68:88",
// a short cell dropped as noise). Pixels lighter than the page's own ink/paper threshold (Otsu's,
// from its histogram, so a darker scan gets a darker cut) are made white; the ink keeps its
// greys, which carry the letters' shapes better than a hard black and white.

/** Otsu's threshold: the grey level that best splits the histogram into two classes. */
export function otsuThreshold(img: GreyImage): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < img.data.length; i++) {
    const v = img.data[i] as number;
    hist[v] = (hist[v] as number) + 1;
  }
  const n = img.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] as number);
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let cut = 127;
  for (let i = 0; i < 256; i++) {
    below += hist[i] as number;
    if (below === 0) continue;
    const above = n - below;
    if (above === 0) break;
    sumBelow += i * (hist[i] as number);
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      cut = i;
    }
  }
  return cut;
}

/** Makes every pixel lighter than the page's Otsu threshold white, in place; returns the threshold. */
export function whitenPaper(img: GreyImage): number {
  const cut = otsuThreshold(img);
  const { data } = img;
  for (let i = 0; i < data.length; i++) if ((data[i] as number) > cut) data[i] = 255;
  return cut;
}

/**
 * Paints out specks: blobs of ink no bigger than `maxSpeck` points a side with no other ink
 * within `clearance` points. A scanner's dust and a JPEG's noise are such blobs; the recogniser
 * reads them as punctuation or gives up on a short word beside them. A full stop or the dot of
 * an i stands closer than that to its letters, so it stays; so does a point further from its
 * figures (in a monospaced face a point has a whole character's width to itself) when it sits on
 * the baseline of taller ink beside it (onBaseline). `cut` is the ink threshold.
 */
export function dropSpecks(img: GreyImage, cut: number, scale: number, maxSpeck = 1, clearance = 1.2): void {
  const { data, width, height } = img;
  const size = Math.max(1, Math.round(maxSpeck * scale));
  const reach = Math.max(1, Math.round(clearance * scale));
  const label = new Int32Array(width * height);
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < data.length; start++) {
    if ((data[start] as number) > cut || label[start] !== 0) continue;
    next++;
    label[start] = next;
    stack.push(start);
    const members: number[] = [];
    let x0 = width;
    let x1 = -1;
    let y0 = height;
    let y1 = -1;
    let big = false;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      if (!big) members.push(p);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      // A blob already too big keeps being labelled (so it is walked once) but not collected.
      if (x1 - x0 >= size || y1 - y0 >= size) big = true;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (label[q] === 0 && (data[q] as number) <= cut) {
            label[q] = next;
            stack.push(q);
          }
        }
      }
    }
    if (big) continue;
    let alone = true;
    for (let y = Math.max(0, y0 - reach); alone && y <= Math.min(height - 1, y1 + reach); y++)
      for (let x = Math.max(0, x0 - reach); x <= Math.min(width - 1, x1 + reach); x++) {
        const q = y * width + x;
        if ((data[q] as number) <= cut && label[q] !== next) {
          alone = false;
          break;
        }
      }
    if (alone && !onBaseline(img, cut, scale, { x0, x1, y0, y1 })) for (const p of members) data[p] = 255;
  }
}

/**
 * Whether a speck sits where a full stop, a decimal point or a comma does: on the baseline of
 * taller ink within a character's width to its left or right. Dust lands anywhere, seldom there.
 */
function onBaseline(
  img: GreyImage,
  cut: number,
  scale: number,
  box: { x0: number; x1: number; y0: number; y1: number },
): boolean {
  const { data, width, height } = img;
  const reach = Math.round(3 * scale);
  const level = Math.max(1, Math.round(0.7 * scale));
  const rise = Math.round(1.5 * scale);
  const above = Math.round(5 * scale);
  const below = Math.round(2 * scale);
  const rows = [Math.max(0, box.y1 - above), Math.min(height - 1, box.y1 + below)] as const;
  for (const [from, to] of [
    [box.x0 - reach, box.x0 - 1],
    [box.x1 + 1, box.x1 + reach],
  ] as const) {
    let top = height;
    let bottom = -1;
    for (let y = rows[0]; y <= rows[1]; y++)
      for (let x = Math.max(0, from); x <= Math.min(width - 1, to); x++)
        if ((data[y * width + x] as number) <= cut) {
          if (y < top) top = y;
          if (y > bottom) bottom = y;
        }
    // The baseline (the bottom of the figures beside) runs through the speck: a full stop sits on
    // it, a comma hangs from it.
    if (bottom >= box.y0 - level && bottom <= box.y1 + level && box.y1 - top >= rise) return true;
  }
  return false;
}
