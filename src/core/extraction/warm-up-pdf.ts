// A one-page PDF written out here, for the page-image thread to draw before it takes work: what
// most pages hold (a bold heading, lines of text in the standard fonts, a ruled table with shaded
// rows), so that V8 has optimised PDFium's code for text, strokes and fills before the first page
// a person asks for (see compiledPdfium in pdfium.ts).

/** A PDF's bytes from its objects' bodies (object n is bodies[n - 1]), with a correct xref table. */
function pdfOf(bodies: string[]): Uint8Array {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** The drawing operations: heading, 40 lines of text, a 12 x 5 ruled table with every other row shaded. */
function content(): string {
  const ops: string[] = ["BT /F2 18 Tf 72 730 Td (Quarterly report on operations) Tj ET"];
  for (let i = 0; i < 40; i++) {
    const y = 700 - i * 11;
    ops.push(
      `BT /F1 9 Tf 72 ${y} Td (Line ${i + 1}: revenue, costs and margins for the period, in thousands.) Tj ET`,
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
  const stream = content();
  built = pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
  ]);
  return built;
}
