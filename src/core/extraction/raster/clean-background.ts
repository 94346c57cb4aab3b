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

/** Makes every pixel lighter than the page's Otsu threshold white, in place. */
export function whitenPaper(img: GreyImage): void {
  const cut = otsuThreshold(img);
  const { data } = img;
  for (let i = 0; i < data.length; i++) if ((data[i] as number) > cut) data[i] = 255;
}
