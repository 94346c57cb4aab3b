// Prints the tables the layout extractor finds in PDFs (page, box, cells by row): a look at false
// tables on a tuning corpus. Run: npx tsx bench/layout/show-tables.ts <pdf>...
import { textRows } from "../../src/core/extraction/table-model.ts";
import { quireReading } from "./readers.ts";

for (const pdf of process.argv.slice(2)) {
  const q = await quireReading(pdf);
  q.pages.forEach((p, k) => {
    for (const t of p.tables) {
      console.log(`\n## ${pdf} page ${k + 1} bbox ${t.bbox.map((v) => Math.round(v)).join(",")}`);
      for (const r of textRows(t.grid)) console.log(`| ${r.map((c) => c.replace(/\n/g, "⏎")).join(" | ")} |`);
    }
  });
}
