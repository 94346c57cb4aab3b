import { describe, expect, it } from "vitest";
import { splitParty } from "../../../src/core/answering/structured/parties.ts";

// A party block's lines into name and address: names kept whole with their legal forms, never
// joined to the street that follows them on the same line, nor cut before a legal form wrapped
// onto the next line.

const lines = (...texts: string[]) => texts.map((text) => ({ text, quote: text }));
const split = (...texts: string[]) => {
  const s = splitParty(lines(...texts));
  return { name: s.name?.text, address: s.address?.text };
};

describe("splitParty", () => {
  it("cuts a name from a street that opens with a preposition or a flat's number, and at a dotted legal form", () => {
    expect(split("Seidel & Kühn Rechtsanwälte Am Markt 9 01067 Dresden")).toEqual({
      name: "Seidel & Kühn Rechtsanwälte",
      address: "Am Markt 9 01067 Dresden",
    });
    expect(split("Brunnenhof Landhandel An der Alster 5 20095 Hamburg")).toEqual({
      name: "Brunnenhof Landhandel",
      address: "An der Alster 5 20095 Hamburg",
    });
    expect(split("Quayside Dental Practice Flat 2, 9 Mill Lane Leeds LS1 5HD")).toEqual({
      name: "Quayside Dental Practice",
      address: "Flat 2, 9 Mill Lane Leeds LS1 5HD",
    });
    expect(split("Jansen Bouwadvies B.V. Herengracht 301 9711 LM Groningen")).toEqual({
      name: "Jansen Bouwadvies B.V.",
      address: "Herengracht 301 9711 LM Groningen",
    });
  });

  it("ends a name at its legal form when the street follows on the same line", () => {
    expect(split("Acme Stadtwerke GmbH Hauptstraße 5, 20095 Hamburg")).toEqual({
      name: "Acme Stadtwerke GmbH",
      address: "Hauptstraße 5, 20095 Hamburg",
    });
    expect(split("Bergmann Elektrotechnik AG Am Markt 3", "80331 München")).toEqual({
      name: "Bergmann Elektrotechnik AG",
      address: "Am Markt 3, 80331 München",
    });
    expect(split("Harbor & Pine Supply Co. 12 Dock Road, Leeds")).toEqual({
      name: "Harbor & Pine Supply Co.",
      address: "12 Dock Road, Leeds",
    });
    expect(split("Müller & Söhne GmbH & Co. KG Industriestraße 101")).toEqual({
      name: "Müller & Söhne GmbH & Co. KG",
      address: "Industriestraße 101",
    });
  });

  it("keeps a German street with its number when the name has no legal form", () => {
    expect(split("Stadtwerke Nord Lindenstraße 7, 24103 Kiel")).toEqual({
      name: "Stadtwerke Nord",
      address: "Lindenstraße 7, 24103 Kiel",
    });
  });

  it("joins a legal form wrapped with the trade onto the next line to the name", () => {
    expect(split("Acme", "Maschinenbau GmbH", "Werkstraße 2", "70173 Stuttgart")).toEqual({
      name: "Acme Maschinenbau GmbH",
      address: "Werkstraße 2, 70173 Stuttgart",
    });
    expect(split("Dupont", "Conseil SARL", "12 rue de la Paix", "75002 Paris")).toEqual({
      name: "Dupont Conseil SARL",
      address: "12 rue de la Paix, 75002 Paris",
    });
    // A name that has its legal form already takes no more.
    expect(split("Globex Ltd", "Research Park", "Cambridge CB2 1TN")).toEqual({
      name: "Globex Ltd",
      address: "Research Park, Cambridge CB2 1TN",
    });
  });

  it("leaves names and addresses alone when lines already part them", () => {
    expect(split("Northwind Office Supply Co.", "1200 Harbor Boulevard, Portland, OR 97209")).toEqual({
      name: "Northwind Office Supply Co.",
      address: "1200 Harbor Boulevard, Portland, OR 97209",
    });
    expect(split("Globex Corporation 42 Elm Street, Springfield")).toEqual({
      name: "Globex Corporation",
      address: "42 Elm Street, Springfield",
    });
  });
});
