import { deflateSync } from "node:zlib";

// A PDF written object by object, so a hostile file can say exactly what a PDF library would
// refuse to write: self-referencing forms, patterns that paint themselves, streams whose filters
// inflate a thousandfold at each of several stages.

export type RawObject = string | { dict: string; stream: Uint8Array };

/** Objects are numbered from 1 in the order given; object 1 must be the catalog. */
export function rawPdf(objects: RawObject[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    if (typeof o === "string") push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, "latin1"));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.stream.length} >>\nstream\n`, "latin1"));
      push(Buffer.from(o.stream));
      push(Buffer.from("\nendstream\nendobj\n", "latin1"));
    }
  });
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      "latin1",
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** `times` Flate stages over the bytes: each stage's output is the next one's input. */
export function flate(bytes: Uint8Array, times = 1): Uint8Array {
  let out = bytes;
  for (let i = 0; i < times; i++) out = deflateSync(out, { level: 9 });
  return out;
}

export const filters = (times: number) =>
  times === 0 ? "" : `/Filter [${Array.from({ length: times }, () => "/FlateDecode").join(" ")}]`;

/**
 * A one-page document (612 x 792) whose page draws `content`, with the resources given and the
 * extra objects after the fixed ones (catalog 1, pages 2, page 3, content 4, font 5): they are
 * numbered from 6.
 */
export function onePage(opts: {
  content: Uint8Array;
  contentFilters?: number;
  resources?: string;
  extra?: RawObject[];
}): Uint8Array {
  const stages = opts.contentFilters ?? 1;
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${opts.resources ?? ""} >> >>`,
    { dict: filters(stages), stream: flate(opts.content, stages) },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...(opts.extra ?? []),
  ]);
}

export const ascii = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
