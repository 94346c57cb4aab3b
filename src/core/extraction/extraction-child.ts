import type { FromExtractionChild, ToExtractionChild } from "./extraction-messages.ts";
import type { ExtractionSession } from "./extractor.ts";
import { layoutExtractor } from "./layout-extractor.ts";
import { pdfjs } from "./pdfjs.ts";
import { watchProcess } from "./process-watch.ts";

// The extraction process's entry (started by process-extractor.ts). Reading a page runs pdfjs,
// PDFium and the layout rules in long synchronous stretches that no timer can interrupt, and a
// hostile page can ask them for unbounded time or memory. Here that work has a process of its
// own, which the service watches and ends (SIGKILL) when a page overruns its time or memory; the
// service's event loop never runs it.

if (!process.send) throw new Error("extraction-child.ts runs as a child process (see process-extractor.ts)");
const send = (m: FromExtractionChild) => process.send?.(m);
// The resident size this process is ended at (bytes), given by the service.
watchProcess(Number(process.argv[2]));

let session: ExtractionSession | null = null;

async function handle(m: ToExtractionChild): Promise<FromExtractionChild> {
  switch (m.op) {
    case "open": {
      const previous = session;
      session = null;
      await previous?.close();
      session = await layoutExtractor.open(m.pdf, m.options);
      return { id: m.id, pageCount: session.pageCount };
    }
    case "page": {
      if (!session) throw new Error("no document is open");
      return { id: m.id, page: await session.extractPage(m.pageNumber) };
    }
    case "close": {
      const open = session;
      session = null;
      await open?.close();
      return { id: m.id, closed: true };
    }
  }
}

process.on("message", (m: ToExtractionChild) => {
  handle(m).then(send, (err: Error) =>
    send({
      id: m.id,
      error: { name: err?.constructor?.name ?? "Error", message: String(err?.message ?? err) },
    }),
  );
});
// pdfjs starts work it does not always wait for (fetching an object of a damaged file while the
// page is read); such a promise may reject with nobody listening. The page's own result already
// carries what went wrong, so the stray rejection must not end the process (Node's default).
process.on("unhandledRejection", () => undefined);
// The service is gone (it died or was killed): nothing is left to report to.
process.on("disconnect", () => process.exit(0));

// pdfjs loaded before the first request is timed, so a page's budget is spent on the page.
void pdfjs()
  .catch(() => undefined)
  .finally(() => send({ ready: true }));
