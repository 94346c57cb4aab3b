import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// A prose corpus (the shared format: /work/briefs/prose-format.md): pairs <name>.pdf + <name>.json,
// the JSON listing the document's blocks in the order a person reads them.

export const BODY_KINDS = ["title", "heading", "paragraph", "list-item"] as const;
export const APART_KINDS = ["quote", "caption", "footnote", "sidebar"] as const;

const Block = z.object({
  page: z.number().int().min(1),
  kind: z.enum([...BODY_KINDS, ...APART_KINDS]),
  text: z.string(),
});
export type ProseBlock = z.infer<typeof Block>;

const Truth = z.object({
  source: z.string(),
  generator: z.string(),
  columns: z.number().int().min(1),
  pages: z.number().int().min(1),
  blocks: z.array(Block),
});
export type ProseTruth = z.infer<typeof Truth>;

export type ProseDocument = { name: string; pdf: string; truth: ProseTruth };

/** The corpus folder's documents, by name. */
export function readProseCorpus(dir: string): ProseDocument[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json") && readdirSync(dir).includes(f.replace(/\.json$/, ".pdf")))
    .sort()
    .map((f) => {
      const name = f.replace(/\.json$/, "");
      const truth = Truth.parse(JSON.parse(readFileSync(path.join(dir, f), "utf8")));
      return { name, pdf: path.join(dir, `${name}.pdf`), truth };
    });
}

export const isBody = (b: ProseBlock) => (BODY_KINDS as readonly string[]).includes(b.kind);
