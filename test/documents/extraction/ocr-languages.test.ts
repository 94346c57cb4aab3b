import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { pageLanguage } from "../../../src/core/extraction/ocr-languages.ts";

// Scanned pages in German and French are read with their own models once a first reading in
// English tells their language: umlauts, ß and accents come out right.

const words = (s: string) => s.split(/\s+/);

describe("pageLanguage", () => {
  it("tells German, French and English pages by their words, as the English model reads them", () => {
    expect(pageLanguage(words("Rechnung Nr. 2041 Datum 11.01.2026 Vielen Dank fiir Ihren Auftrag"))).toBe(
      "deu",
    );
    expect(pageLanguage(words("Facture N° 2041 Montant HT TVA 20 % Merci de votre commande"))).toBe("fra");
    expect(pageLanguage(words("Invoice No. 2041 Amount due Thank you for your order"))).toBe("eng");
    expect(
      pageLanguage(words("Factura N° 2041 Fecha 11/01/2026 Importe con IVA Gracias por su pedido")),
    ).toBe("spa");
    // A Spanish list of names, parties and provinces (the words French and Spanish share count for neither).
    expect(
      pageLanguage(
        words(
          "ALONSO, María Luz Frente para la Victoria - PJ La Pampa ARENA, Celia Frente para la Victoria Santiago del Estero",
        ),
      ),
    ).toBe("spa");
  });

  it("tells nothing from too few words, or from words the languages share", () => {
    expect(pageLanguage(words("Total 120.00 Date 2026-01-11 Client 4471"))).toBeNull();
    expect(pageLanguage(words("1,200.00 4,990.00 3,705.08"))).toBeNull();
    expect(pageLanguage([])).toBeNull();
  });
});

describe("OCR in the page's language", () => {
  afterAll(() => layoutExtractor.close());

  it("reads a scanned German invoice's umlauts", async () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../../bench/invoices/corpus/inv-044-receipt-de-CH-scan.pdf",
    );
    const s = await layoutExtractor.open(new Uint8Array(readFileSync(file)), {
      strategy: "auto",
      capabilities: ["tables"],
    });
    try {
      const page = await s.extractPage(1);
      expect(page.method).toBe("ocr");
      // The English model alone reads these as "Sohne", "Zirich" and "Biirobedarf".
      expect(page.text).toContain("Söhne");
      expect(page.text).toContain("Zürich");
      expect(page.text).toContain("Bürobedarf");
    } finally {
      await s.close();
    }
  }, 120_000);
});
