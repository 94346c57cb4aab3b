// Prints HTML files to PDF with Chromium (playwright-core, /usr/bin/chromium): used by the
// check-set maker generate-chromium-check.py. Usage: node html-to-pdf.mjs a.html:a.pdf b.html:b.pdf ...
import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const pair of process.argv.slice(2)) {
  const [src, out] = pair.split(":");
  await page.goto(`file://${src}`);
  await page.pdf({ path: out, preferCSSPageSize: true, printBackground: true });
}
await browser.close();
