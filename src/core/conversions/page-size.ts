// Where an image goes on its page: the page's size in points and the matrix that maps the image
// (PDF's unit square, first row at the top) onto it, with the EXIF orientation applied by the
// matrix itself, so a JPEG's bytes can be embedded unchanged.

export const pageSizes = ["auto", "A4", "Letter"] as const;
export type PageSize = (typeof pageSizes)[number];

/** Portrait sizes in points (1/72 inch). */
const paper: Record<Exclude<PageSize, "auto">, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
};

/** The resolution assumed when an image records none (one pixel a point). */
export const DEFAULT_DPI = 72;

/** The largest page side PDF readers accept (200 inches, ISO 32000 annex C); `auto` scales down to it. */
export const MAX_PAGE_POINTS = 14_400;

/** PDF's [a b c d e f]: (u, v) on the image's unit square goes to (a·u + c·v + e, b·u + d·v + f). */
export type Matrix = [number, number, number, number, number, number];

export type Placement = { pageWidth: number; pageHeight: number; matrix: Matrix };

export type ImageGeometry = {
  /** Stored pixels, before the orientation. */
  width: number;
  height: number;
  /** Pixels per inch, when the image records it. */
  dpi?: number | undefined;
  /** EXIF orientation 1-8; anything else is taken as 1. */
  orientation?: number | undefined;
};

/** Orientations 5-8 turn the image a quarter: its displayed width is its stored height. */
export const isQuarterTurn = (o: number) => o >= 5 && o <= 8;

export function placeImage(img: ImageGeometry, pageSize: PageSize): Placement {
  const o = img.orientation && img.orientation >= 1 && img.orientation <= 8 ? img.orientation : 1;
  const [shownW, shownH] = isQuarterTurn(o) ? [img.height, img.width] : [img.width, img.height];
  let pageWidth: number;
  let pageHeight: number;
  let w: number;
  let h: number;
  if (pageSize === "auto") {
    const dpi = img.dpi && Number.isFinite(img.dpi) && img.dpi > 0 ? img.dpi : DEFAULT_DPI;
    w = (shownW * 72) / dpi;
    h = (shownH * 72) / dpi;
    const over = Math.max(w, h) / MAX_PAGE_POINTS;
    if (over > 1) {
      w /= over;
      h /= over;
    }
    pageWidth = w;
    pageHeight = h;
  } else {
    const [short, long] = paper[pageSize];
    // The page turns with the image: a landscape image gets a landscape sheet.
    [pageWidth, pageHeight] = shownW > shownH ? [long, short] : [short, long];
    const scale = Math.min(pageWidth / shownW, pageHeight / shownH);
    w = shownW * scale;
    h = shownH * scale;
  }
  const x = (pageWidth - w) / 2;
  const y = (pageHeight - h) / 2;
  return { pageWidth, pageHeight, matrix: orientedMatrix(o, x, y, w, h) };
}

/**
 * The matrix that shows the stored image turned and mirrored as its EXIF orientation says, in the
 * rectangle (x, y, w, h) of the page (w, h being the displayed size). Derived from where the
 * stored image's first row and column end up: orientation 6's first row is the right side, its
 * first column the top; 8's first row the left side, its first column the bottom.
 */
export function orientedMatrix(o: number, x: number, y: number, w: number, h: number): Matrix {
  switch (o) {
    case 2:
      return [-w, 0, 0, h, x + w, y];
    case 3:
      return [-w, 0, 0, -h, x + w, y + h];
    case 4:
      return [w, 0, 0, -h, x, y + h];
    case 5:
      return [0, -h, -w, 0, x + w, y + h];
    case 6:
      return [0, -h, w, 0, x, y + h];
    case 7:
      return [0, h, w, 0, x, y];
    case 8:
      return [0, h, -w, 0, x + w, y];
    default:
      return [w, 0, 0, h, x, y];
  }
}
