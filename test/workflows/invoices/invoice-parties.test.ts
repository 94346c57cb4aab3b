import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import { findLabels } from "../../../src/core/invoices/invoice-labels.ts";
import type { Line } from "../../../src/core/invoices/invoice-lines.ts";
import { readParties } from "../../../src/core/invoices/invoice-parties.ts";
import type { InvoiceData } from "../../../src/core/invoices/invoice-types.ts";
import {
  endsAddress,
  isContactLine,
  joinNameLines,
  labelOnly,
  separatedAddress,
} from "../../../src/core/invoices/party-lines.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// The invoice reader's parties: the rules on written lines, then invoices of the cairo tuning set
// (bench/invoices/corpus-cairo, drawn by generate-cairo.py) through the real service's extraction,
// one per layout a rule is for, every party field asserted.

const lines = (...texts: string[]): Line[] =>
  texts.map((text, order) => ({ page: 1, text, order, ocr: false }));

describe("party lines", () => {
  it("knows attention and department lines in four languages", () => {
    for (const t of [
      "Attn: Margaret Okafor",
      "ATTN Tom Whitfield",
      "z. Hd. Frau Sabine Krüger",
      "Zu Händen Herrn Jonas Albrecht",
      "À l'attention de M. Antoine Mercier",
      "T.a.v. Dhr. P. de Boer",
      "Accounts Payable",
      "Kreditorenbuchhaltung",
      "Abteilung Einkauf",
      "Service comptabilité",
    ])
      expect(isContactLine(t), t).toBe(true);
    for (const t of [
      "Attwood Engineering Ltd",
      "Finance House, 3 Mill Lane",
      "Einkaufszentrum Nord 4",
      "c/o Acme Ltd",
    ])
      expect(isContactLine(t), t).toBe(false);
  });

  it("joins a name wrapped over lines, and only a name", () => {
    expect(joinNameLines(["The Copper Kettle", "Hospitality Group", "Limited", "17 Cheapside"])).toEqual([
      "The Copper Kettle Hospitality Group Limited",
      "17 Cheapside",
    ]);
    expect(joinNameLines(["Lindenhof Gartenbau GmbH", "& Co. KG", "Am Alten Hafen 3a"])).toEqual([
      "Lindenhof Gartenbau GmbH & Co. KG",
      "Am Alten Hafen 3a",
    ]);
    expect(joinNameLines(["Wiesental Apotheken- und", "Laborbedarf GmbH", "Kaiserallee 27"])[0]).toBe(
      "Wiesental Apotheken- und Laborbedarf GmbH",
    );
    expect(joinNameLines(["Van Dijk Installatietechniek", "B.V.", "Stationsplein 4"])[0]).toBe(
      "Van Dijk Installatietechniek B.V.",
    );
    // A name with its legal form is whole; the c/o line under it is the address's.
    expect(
      joinNameLines(["Atelier Girard et Fils", "c/o Cabinet Lefèvre Conseil SAS", "45 avenue Jean Jaurès"]),
    ).toEqual(["Atelier Girard et Fils", "c/o Cabinet Lefèvre Conseil SAS", "45 avenue Jean Jaurès"]);
    expect(joinNameLines(["Acme Ltd", "Mill House", "Station Road"])).toEqual([
      "Acme Ltd",
      "Mill House",
      "Station Road",
    ]);
  });

  it("splits an address printed on one line at its separators, the name and contacts left out", () => {
    expect(
      separatedAddress(
        "Reinhardt Schreinerei e.K. | Gutenbergring 112 | 24103 Kiel",
        "Reinhardt Schreinerei e.K.",
      ),
    ).toEqual(["Gutenbergring 112", "24103 Kiel"]);
    expect(separatedAddress("Kaiserallee 27 · 24103 Kiel · Tel. 0431 55 66 77", "Brückner & Voss")).toEqual([
      "Kaiserallee 27",
      "24103 Kiel",
    ]);
    expect(separatedAddress("Acme • PO Box 617 • Cardiff CF10 1DX • info@acme.example", "Acme")).toEqual([
      "PO Box 617",
      "Cardiff CF10 1DX",
    ]);
    expect(separatedAddress("Kaiserallee 27, 24103 Kiel", "Acme")).toBeNull();
  });

  it("knows Dutch party, customer number and VAT id labels", () => {
    for (const [text, field] of [
      ["Factuuradres", "customer"],
      ["Klant", "customer"],
      ["Afleveradres", "ship_to"],
      ["Leverancier", "vendor"],
      ["Klantnummer", "customer_id"],
      ["Debiteurnr.", "customer_id"],
      ["BTW-nummer", "vendor_tax_id"],
      ["Btw-id", "vendor_tax_id"],
    ] as const)
      expect(findLabels(`${text}: x`)[0]?.field, text).toBe(field);
  });

  it("ends an address on a British postcode and tells a label alone on its line", () => {
    expect(endsAddress("Edinburgh EH2 4AD")).toBe(true);
    expect(endsAddress("Hospitality Group")).toBe(false);
    expect(labelOnly("INVOICE #")).toBe(true);
    expect(labelOnly("Date of issue:")).toBe(true);
    expect(labelOnly("Invoice # 1042")).toBe(false);
  });
});

describe("readParties on written lines", () => {
  it("opens the customer's block at a 'To:' line", () => {
    const { customer } = readParties(
      lines(
        "Harbor Supply Co.",
        "12 Dock Road",
        "Portland, OR 97209",
        "To:",
        "Redwood Analytics, Inc.",
        "1420 Larkspur Avenue",
        "Austin, TX 78701",
      ),
    );
    expect([customer?.name, customer?.address]).toEqual([
      "Redwood Analytics, Inc.",
      "1420 Larkspur Avenue, Austin, TX 78701",
    ]);
    // "To" in a sentence opens nothing.
    const none = readParties(lines("Harbor Supply Co.", "12 Dock Road", "To be paid within 30 days"));
    expect(none.customer).toBeNull();
  });

  it("passes over a gap inside a labelled block when the town comes after it", () => {
    const { customer } = readParties(
      lines(
        "Client",
        "Imprimerie du Vieux Port SARL",
        "ZA des Prés, 3 chemin des Vignes",
        "",
        "13001 Marseille",
        "Conseil",
      ),
    );
    expect(customer?.address).toBe("ZA des Prés, 3 chemin des Vignes, 13001 Marseille");
  });

  it("reads a window's address past the information block read line by line between its lines", () => {
    const { customer } = readParties(
      lines(
        "Redwood Ridge Analytics, Inc. · 918 W. Randolph St. · Chicago, IL 60607",
        "Nakamura Seiki K.K.",
        "No.:",
        "75 Commerce Drive",
        "Invoice date:",
        "Chicago, IL 60607",
        "Your order:",
        "216975",
        "2026-02-26",
      ),
    );
    expect([customer?.name, customer?.address]).toEqual([
      "Nakamura Seiki K.K.",
      "75 Commerce Drive, Chicago, IL 60607",
    ]);
  });

  it("reads two parties under one line of two labels when their columns come one after the other", () => {
    const { vendor, customer } = readParties(
      lines(
        "SUPPLIER INVOICE TO",
        "Southbank Translation Bureau",
        "The Old Mill, Station Road Edinburgh EH2 4AD",
        "Wexford Lane Print & Packaging Ltd",
        "Unit 7, Riverside Business Park Cardiff CF10 1EP",
        "Net total 10,372.00",
      ),
    );
    expect([vendor?.name, vendor?.address]).toEqual([
      "Southbank Translation Bureau",
      "The Old Mill, Station Road Edinburgh EH2 4AD",
    ]);
    expect([customer?.name, customer?.address]).toEqual([
      "Wexford Lane Print & Packaging Ltd",
      "Unit 7, Riverside Business Park Cardiff CF10 1EP",
    ]);
  });

  it("takes the addressee under the letterhead when nothing labels it", () => {
    const { vendor, customer } = readParties(
      lines(
        "Cobalt Lantern Media Ltd",
        "Flat 2, 9 Albion Terrace | Leeds LS1 4AP",
        "The Copper Kettle Hospitality Group",
        "Limited",
        "Attention: Daniel Reyes",
        "Mill House, Station Road",
        "Bristol BS1 6QH",
        "Invoice No.:",
      ),
    );
    expect([vendor?.name, vendor?.address]).toEqual([
      "Cobalt Lantern Media Ltd",
      "Flat 2, 9 Albion Terrace, Leeds LS1 4AP",
    ]);
    expect([customer?.name, customer?.address]).toEqual([
      "The Copper Kettle Hospitality Group Limited",
      "Mill House, Station Road, Bristol BS1 6QH",
    ]);
  });

  it("ends the letterhead at the issuer's phone or email: the block under it is the addressee", () => {
    const { vendor, customer } = readParties(
      lines(
        "Redwood Robotics, Inc.",
        "Phone (838) 173-4020 billing@redwood.example",
        "Bayside Marine Supply Company",
        "77 Water St Fl 8 New York, NY 10005",
        "Tax Invoice Invoice No. R-9194/25",
        "Net amount 1,200.00",
        "Redwood Robotics, Inc.",
        "1400 Lake Shore Drive",
        "Chicago, IL 60610",
      ),
    );
    expect([vendor?.name, vendor?.address]).toEqual([
      "Redwood Robotics, Inc.",
      "1400 Lake Shore Drive, Chicago, IL 60610",
    ]);
    expect([customer?.name, customer?.address]).toEqual([
      "Bayside Marine Supply Company",
      "77 Water St Fl 8 New York, NY 10005",
    ]);
  });

  it("ends a block at a page's number", () => {
    const { customer } = readParties(
      lines(
        "Bill to",
        "Northwind Traders Ltd",
        "3 Mill Lane",
        "Leeds LS1 4AB",
        "Sheet 1/2",
        "Description Qty Amount",
      ),
    );
    expect(customer?.address).toBe("3 Mill Lane, Leeds LS1 4AB");
  });

  it("passes over the title printed beside the addressee's block", () => {
    const { customer } = readParties(
      lines(
        "Amberfield Landscape Services LLC",
        "88 Commerce Park Drive, Suite 210 | Austin, TX 78701",
        "The Copper Kettle Hospitality",
        "Invoice",
        "Group Limited",
        "501 W. Main Street",
        "Austin, TX 78701",
        "Invoice #:",
      ),
    );
    expect([customer?.name, customer?.address]).toEqual([
      "The Copper Kettle Hospitality Group Limited",
      "501 W. Main Street, Austin, TX 78701",
    ]);
  });

  it("reads the vendor again from the footer when the letterhead has only its name", () => {
    const { vendor } = readParties(
      lines(
        "Brückner & Voss",
        "Steuerberatung",
        "Rechnungsempfänger",
        "Tannberg Software AG",
        "Kaiserallee 27",
        "04109 Leipzig",
        "",
        "Zahlungsziel: 14 Tage netto",
        "Brückner & Voss Steuerberatung",
        "Lindenstraße 14",
        "04109 Leipzig",
        "USt-IdNr.: DE598638679",
      ),
    );
    expect([vendor?.name, vendor?.address]).toEqual([
      "Brückner & Voss Steuerberatung",
      "Lindenstraße 14, 04109 Leipzig",
    ]);
  });
});

const PARTY_FIELDS = [
  "vendor_name",
  "vendor_address",
  "vendor_tax_id",
  "customer_name",
  "customer_address",
  "customer_id",
] as const;

// One invoice per layout: a DIN 5008 letter with a bullet-separated return line and the
// information block read before the address, one with a "|" return line, labels above values in
// small capitals, a wrapped "& Co. KG" name and a department line, an unlabelled addressee under
// a one-line letterhead, and vendors whose address stands only in the footer.
const CASES = [
  "cairo-007-din-de-DE",
  "cairo-008-din-de-DE",
  "cairo-013-caps-en-US",
  "cairo-016-caps-de-DE",
  "cairo-031-onelinehead-en-GB",
  "cairo-037-footer-de-DE",
  "cairo-040-footer-en-US",
];
const corpus = path.join(import.meta.dirname, "../../..", "bench", "invoices", "corpus-cairo");

describe("cairo invoices' parties through the service", () => {
  let server: TestServer;
  let session: ServiceSession;
  beforeAll(async () => {
    server = await sharedTestServer();
    const key = await createAccountKey(server.url, WORKER_SECRET);
    session = { base: server.url, key, service: server, operatorSecret: WORKER_SECRET };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  for (const name of CASES)
    it(`reads the parties of ${name}`, async () => {
      const doc = await extractDocument(
        session,
        readFileSync(path.join(corpus, `${name}.pdf`)),
        `${name}.pdf`,
      );
      const { truth } = JSON.parse(readFileSync(path.join(corpus, `${name}.json`), "utf8")) as {
        truth: InvoiceData;
      };
      const { data } = readInvoice(doc, {});
      const fold = (v: unknown) =>
        typeof v === "string"
          ? v
              .toLowerCase()
              .replace(/[\s,]+/g, " ")
              .trim()
          : v;
      for (const f of PARTY_FIELDS) expect(fold(data[f]), f).toEqual(fold(truth[f]));
    }, 60_000);
});
