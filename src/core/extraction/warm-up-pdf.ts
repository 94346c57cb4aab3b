import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { guardedDeflate } from "./zlib-section.ts";

// A one-page PDF written out here, for the page-image thread to draw before it takes work: what
// most pages hold (a bold heading, lines of text in a standard font and in an embedded TrueType
// one, a ruled table with shaded rows, Flate-compressed streams), so that V8 has optimised
// PDFium's code for those before the first page a person asks for (see compiledPdfium in
// pdfium.ts). The embedded font matters: a warm-up with the standard fonts alone leaves the
// first page with embedded TrueType fonts slow.

const require = createRequire(import.meta.url);

/** pdfjs ships Liberation Sans (SIL Open Font License) as a stand-in for Arial: our embedded font. */
const trueTypeFont = () =>
  readFileSync(
    path.join(
      path.dirname(require.resolve("pdfjs-dist/package.json")),
      "standard_fonts",
      "LiberationSans-Regular.ttf",
    ),
  );

type Part = string | Buffer;

/** A PDF's bytes from its objects' bodies (object n is bodies[n - 1]), with a correct xref table. */
function pdfOf(bodies: Part[][]): Uint8Array {
  const parts: Buffer[] = [];
  let length = 0;
  const add = (p: Part) => {
    const b = typeof p === "string" ? Buffer.from(p, "latin1") : p;
    parts.push(b);
    length += b.length;
  };
  add("%PDF-1.4\n");
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    add(`${i + 1} 0 obj\n`);
    for (const p of body) add(p);
    add("\nendobj\n");
  });
  const xref = length;
  add(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) add(`${String(o).padStart(10, "0")} 00000 n \n`);
  add(`trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/** A Flate-compressed stream object's body. */
const stream = (data: Buffer, dict = "") => {
  const packed = guardedDeflate(data);
  return [`<< /Length ${packed.length} /Filter /FlateDecode ${dict}>>\nstream\n`, packed, "\nendstream"];
};

/**
 * The drawing operations: a heading, 20 lines of text in each font (the embedded one at two
 * sizes), and a 12 x 5 ruled table with every other row shaded.
 */
function content(): string {
  const ops: string[] = ["BT /F2 18 Tf 72 730 Td (Quarterly report on operations) Tj ET"];
  for (let i = 0; i < 40; i++) {
    const y = 700 - i * 11;
    const font = i < 20 ? "/F1 9" : i < 30 ? "/F3 9" : "/F3 7";
    ops.push(
      `BT ${font} Tf 72 ${y} Td (Line ${i + 1}: revenue, costs and margins for the period, in thousands.) Tj ET`,
    );
  }
  const top = 250;
  for (let r = 0; r < 12; r++) {
    const y = top - r * 14;
    if (r % 2 === 1) ops.push(`0.9 g 72 ${y - 14} 468 14 re f 0 g`);
    for (let c = 0; c < 5; c++)
      ops.push(
        `BT /F1 8 Tf ${76 + c * 93.6} ${y - 10} Td (${r === 0 ? `Col ${c + 1}` : `${r * 100 + c}.50`}) Tj ET`,
      );
  }
  ops.push("0.5 w");
  for (let r = 0; r <= 12; r++) ops.push(`72 ${top - r * 14} m 540 ${top - r * 14} l S`);
  for (let c = 0; c <= 5; c++) ops.push(`${72 + c * 93.6} ${top} m ${72 + c * 93.6} ${top - 168} l S`);
  return ops.join("\n");
}

let built: Uint8Array | null = null;

export function warmUpPdf(): Uint8Array {
  if (built) return built;
  built = pdfOf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    [
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>",
    ],
    stream(Buffer.from(content(), "latin1")),
    ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"],
    ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>"],
    [
      "<< /Type /Font /Subtype /TrueType /BaseFont /LiberationSans /Encoding /WinAnsiEncoding /FontDescriptor 8 0 R >>",
    ],
    [
      "<< /Type /FontDescriptor /FontName /LiberationSans /Flags 32 /FontBBox [-203 -303 1050 910] /ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 729 /StemV 80 /FontFile2 9 0 R >>",
    ],
    stream(trueTypeFont()),
  ]);
  return built;
}
