import { describe, expect, it } from "vitest";
import { fixOcrLabels } from "../../../src/core/invoices/ocr-labels.ts";

// Label words as a scan's recogniser misspells them are read as the label words they stand for;
// other words are left as they are.

describe("fixOcrLabels", () => {
  it("reads a label word one letter off", () => {
    expect(fixOcrLabels("Rechnungsdatun: 03.04.2025")).toBe("Rechnungsdatum: 03.04.2025");
    expect(fixOcrLabels("Bestellnunmer")).toBe("Bestellnummer");
  });

  it("leaves a label word of another language as it is, though one letter off one of the first", () => {
    // Dutch "Bestelnummer" (order number) is German "Bestellnummer" less one letter.
    expect(fixOcrLabels("Bestelnummer")).toBe("Bestelnummer");
  });

  it("does not count a dropped accent, and lets a long word be two letters off", () => {
    expect(fixOcrLabels("Wahrung EUR")).toBe("Währung EUR");
    // m read as n, and the umlaut lost: a long label word, in capitals as printed.
    expect(fixOcrLabels("RECHNUNGSENPFANGER")).toBe("RECHNUNGSEMPFÄNGER");
    expect(fixOcrLabels("Rechnungsenpfanger")).toBe("Rechnungsempfänger");
    expect(fixOcrLabels("Zwischensumrne")).toBe("Zwischensumme"); // "m" read as "rn"
  });

  it("leaves ordinary words, short words and plurals of label words alone", () => {
    for (const w of ["Verantwortung", "Lieferung", "services", "Betrag", "Kundenservice", "Installation"])
      expect(fixOcrLabels(w)).toBe(w);
  });

  it("reads an abbreviated number label whose full stop or degree sign was misread", () => {
    expect(fixOcrLabels("Nr")).toBe("Nr.");
    expect(fixOcrLabels("Rechnung Nr FA223089")).toBe("Rechnung Nr. FA223089");
    expect(fixOcrLabels("ne: FA792715 Date d'émission")).toBe("n°: FA792715 Date d'émission");
    expect(fixOcrLabels("Facture n*: 2025-117")).toBe("Facture n°: 2025-117");
    // Words and values that only look alike stay as they are.
    for (const t of ["Nr. 12", "Nrw", "ne pas: oui", "no: none", "Snr: 12", "One: 12"])
      expect(fixOcrLabels(t)).toBe(t);
  });
});
