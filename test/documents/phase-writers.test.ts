import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A document's phase is written only through the state machine (src/core/documents/phases.ts):
// every file in src/ is parsed and searched for the two ways of writing it elsewhere, a Prisma
// write whose data names `phase` and SQL that sets or inserts a documents row's phase.

const src = path.resolve(import.meta.dirname, "../../src");

/** The files allowed to write a phase, and why. */
const allowed: Record<string, string> = {
  "core/documents/phases.ts": "the state machine: movePhase writes every transition",
  "core/documents/create-document-row.ts": "creates a document in the machine's initial phase",
};

/** Keys of a Prisma write's arguments that hold the written values (upsert names two). */
const writeKeys = new Set(["data", "create", "update"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

const propertyName = (p: ts.ObjectLiteralElementLike) =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** SQL that writes a documents row's phase: `UPDATE documents SET … phase =` or an INSERT naming it. */
function writesPhaseInSql(text: string): boolean {
  const update =
    /\bUPDATE\s+"?documents"?\b[\s\S]*?\bSET\b((?:(?!\bWHERE\b|\bRETURNING\b|\bFROM\b)[\s\S])*)/gi;
  for (const m of text.matchAll(update)) if (/\bphase\b\s*=/i.test(m[1] ?? "")) return true;
  return /\bINSERT\s+INTO\s+"?documents"?\s*\([^)]*\bphase\b/i.test(text);
}

/** Where the source writes a phase: "line: what", one per place. */
function phaseWrites(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && writeKeys.has(propertyName(node) ?? "")) {
      const value = node.initializer;
      if (ts.isObjectLiteralExpression(value) && value.properties.some((p) => propertyName(p) === "phase"))
        at(node, `Prisma ${propertyName(node)} with a phase`);
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const sql = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" $ ")
        : node.text;
      if (writesPhaseInSql(sql)) at(node, "SQL that writes a phase");
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the document phase", () => {
  it("is written nowhere in src/ but the state machine (and the row's creation)", () => {
    const offenders: string[] = [];
    const writers = new Set<string>();
    for (const file of sourceFiles(src)) {
      const rel = path.relative(src, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      // Only a file that names the phase can write it; parsing the rest would only cost time.
      const writes = /phase/i.test(text) ? phaseWrites(rel, text) : [];
      if (writes.length) writers.add(rel);
      if (!(rel in allowed)) offenders.push(...writes.map((w) => `src/${rel}:${w}`));
    }
    expect(offenders).toEqual([]);
    // The allowed files do write it: an entry that no longer applies is taken off the list.
    expect([...writers].sort()).toEqual(Object.keys(allowed).sort());
  });

  it("is found written in each way the search looks for", () => {
    const cases: [string, number][] = [
      ['prisma.document.update({ where: { id }, data: { phase: "error" } });', 1],
      ["tx.document.updateMany({ where: { id }, data: { errorReason: r, phase } });", 1],
      ['prisma.document.create({ data: { id, "phase": "queued" } });', 1],
      ["prisma.document.upsert({ where: { id }, create: { id, phase: p }, update: { phase: p } });", 2],
      ["pool.query(\"UPDATE documents SET pages_total = 3, phase = 'error' WHERE id = $1\", [id]);", 1],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a tagged template's source text, searched, never run.
      ["prisma.$executeRaw`UPDATE documents SET phase = ${p} WHERE id = ${id}`;", 1],
      ["pool.query(`INSERT INTO documents (id, phase) VALUES ($1, $2)`, [id, p]);", 1],
      // Reads and events name the phase without writing it.
      ['prisma.document.findMany({ where: { phase: { not: "error" } }, select: { phase: true } });', 0],
      ["pool.query(\"UPDATE documents SET ingest_seq = ingest_seq + 1 WHERE phase = 'complete'\");", 0],
      ["pool.query(\"SELECT id FROM documents WHERE phase IN ('complete')\");", 0],
      ['events.publish(topic, { id, phase: "error", pagesCompleted: 0, pagesTotal: null });', 0],
    ];
    for (const [code, writes] of cases) expect(phaseWrites("case.ts", code), code).toHaveLength(writes);
  });
});
