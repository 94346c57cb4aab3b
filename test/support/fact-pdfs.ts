import { newDoc, ruledTable, text } from "./layout-pdfs.ts";

// PDFs with known facts, for tests of structured extraction (and any other test that needs a
// realistic document whose values it knows exactly). Each generator returns the bytes and the
// facts as a schema-shaped object: what a perfect extraction would return.

export type InvoiceFacts = {
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  vendor: { name: string; address: string };
  customer: { name: string; address: string };
  line_items: { description: string; quantity: number; unit_price: number; amount: number }[];
  subtotal: number;
  tax: number;
  total: number;
  paid: boolean;
  currency: string;
  /** Pages (1-based) where each fact stands. */
  pages: { header: number; terms: number };
};

/**
 * A one-page invoice and a page of terms. Page 1: the vendor's name as the letterhead (no label),
 * its address below; "INVOICE" and the invoice number, date ("March 5, 2026") and due date
 * ("4 April 2026") on the right; a "Bill to:" block; a ruled line-items table with "$1,250.00"
 * style amounts; subtotal, tax, total and "Paid: No" below the table. Page 2: terms, which name
 * the currency ("All amounts are in USD."). `tight` sets the label lines close together.
 */
export async function invoicePdf(
  opts: { tight?: boolean } = {},
): Promise<{ bytes: Uint8Array; facts: InvoiceFacts }> {
  // Tight: label lines 13 pt apart, as most invoices set them; the extractor then joins them
  // into one paragraph ("Invoice No: … Date: … Due date: …"), and the bill-to lines too.
  const lead = opts.tight ? 13 : 22;
  const { doc, font, bold } = await newDoc();
  const p1 = doc.addPage([612, 792]);
  text(p1, bold, "Northwind Office Supply Co.", 72, 80, 18);
  text(p1, font, "1200 Harbor Boulevard, Portland, OR 97209", 72, 100);
  text(p1, bold, "INVOICE", 430, 80, 18);

  text(p1, font, "Invoice No: INV-2026-0412", 72, 150);
  text(p1, font, "Date: March 5, 2026", 72, 150 + lead);
  text(p1, font, "Due date: 4 April 2026", 72, 150 + 2 * lead);

  text(p1, bold, "Bill to:", 72, 240);
  text(p1, font, "Globex Corporation", 72, 240 + lead);
  text(p1, font, "42 Elm Street, Springfield, IL 62701", 72, 240 + 2 * lead);

  const money = (n: number) =>
    `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const items = [
    { description: "Ergonomic office chair", quantity: 4, unit_price: 289 },
    { description: "Standing desk, oak", quantity: 2, unit_price: 1250 },
    { description: "Monitor arm", quantity: 6, unit_price: 74.5 },
    { description: "Delivery and assembly", quantity: 1, unit_price: 150 },
  ].map((i) => ({ ...i, amount: Math.round(i.quantity * i.unit_price * 100) / 100 }));
  ruledTable(
    p1,
    font,
    [
      ["Description", "Quantity", "Unit price", "Amount"],
      ...items.map((i) => [i.description, String(i.quantity), money(i.unit_price), money(i.amount)]),
    ],
    [72, 272, 352, 452, 540],
    330,
  );
  const subtotal = items.reduce((s, i) => s + i.amount, 0);
  const tax = Math.round(subtotal * 0.08 * 100) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  const summary = [
    ["Subtotal:", money(subtotal)],
    ["Tax (8%):", money(tax)],
    ["Total due:", money(total)],
    ["Paid:", "No"],
  ];
  summary.forEach(([label, value], k) => {
    const y = 460 + k * 22;
    text(p1, font, label as string, 352, y);
    text(p1, font, value as string, 536 - font.widthOfTextAtSize(value as string, 10), y);
  });

  const p2 = doc.addPage([612, 792]);
  text(p2, bold, "Terms and notes", 72, 80, 14);
  text(p2, font, "Payment is due within 30 days of the invoice date.", 72, 110);
  text(p2, font, "All amounts are in USD.", 72, 132);
  text(p2, font, "Thank you for your business.", 72, 154);

  return {
    bytes: await doc.save(),
    facts: {
      invoice_number: "INV-2026-0412",
      invoice_date: "2026-03-05",
      due_date: "2026-04-04",
      vendor: { name: "Northwind Office Supply Co.", address: "1200 Harbor Boulevard, Portland, OR 97209" },
      customer: { name: "Globex Corporation", address: "42 Elm Street, Springfield, IL 62701" },
      line_items: items,
      subtotal,
      tax,
      total,
      paid: false,
      currency: "USD",
      pages: { header: 1, terms: 2 },
    },
  };
}

export type ReportFacts = {
  title: string;
  published: string;
  revenue: number;
  revenue_millions: number;
  revenue_growth_percent: number;
  regions: { region: string; revenue: number; growth: number }[];
  headcount: number;
  turnover_percent: number;
  offices: string[];
  /** The page (1-based) each fact stands on. */
  pages: { title: number; revenue: number; regions: number; headcount: number; offices: number };
};

/**
 * A three-page report with a distinct fact on each page. Page 1: the title and when it was
 * published. Page 2: "Revenue in 2025 was $12.4 million, up 8% from 2024." and a ruled regional
 * table. Page 3: headcount and turnover sentences, and the list of offices.
 */
export async function factReportPdf(): Promise<{ bytes: Uint8Array; facts: ReportFacts }> {
  const { doc, font, bold } = await newDoc();
  const p1 = doc.addPage([612, 792]);
  text(p1, bold, "Contoso Analytics Annual Report 2025", 72, 90, 22);
  text(p1, font, "Published: 12 February 2026", 72, 130);
  text(p1, font, "This report reviews the year for shareholders and staff. It covers the", 72, 160);
  text(p1, font, "financial results by region and the people who delivered them.", 72, 174);

  const p2 = doc.addPage([612, 792]);
  text(p2, bold, "Financial results", 72, 80, 14);
  text(p2, font, "Revenue in 2025 was $12.4 million, up 8% from 2024.", 72, 110);
  const regions = [
    { region: "North", revenue: 4.1, growth: 6 },
    { region: "South", revenue: 3.6, growth: 11 },
    { region: "East", revenue: 2.9, growth: 5 },
    { region: "West", revenue: 1.8, growth: 12 },
  ];
  ruledTable(
    p2,
    font,
    [
      ["Region", "Revenue ($m)", "Growth"],
      ...regions.map((r) => [r.region, r.revenue.toFixed(1), `${r.growth}%`]),
    ],
    [72, 222, 342, 442],
    140,
  );
  text(p2, font, "Figures are unaudited.", 72, 260);

  const p3 = doc.addPage([612, 792]);
  text(p3, bold, "People", 72, 80, 14);
  text(p3, font, "Headcount at the end of 2025 was 1,240 employees.", 72, 110);
  text(p3, font, "Staff turnover fell to 9.5% over the year.", 72, 140);
  text(p3, font, "Offices: Seattle, Dublin, Singapore", 72, 170);

  return {
    bytes: await doc.save(),
    facts: {
      title: "Contoso Analytics Annual Report 2025",
      published: "2026-02-12",
      revenue: 12_400_000,
      revenue_millions: 12.4,
      revenue_growth_percent: 8,
      regions,
      headcount: 1240,
      turnover_percent: 9.5,
      offices: ["Seattle", "Dublin", "Singapore"],
      pages: { title: 1, revenue: 2, regions: 2, headcount: 3, offices: 3 },
    },
  };
}

/** A JSON Schema for invoicePdf(): every known fact, plus a purchase order the invoice does not have. */
export const invoiceSchema = {
  type: "object",
  properties: {
    invoice_number: { type: "string" },
    invoice_date: { type: "string", format: "date" },
    due_date: { type: "string", description: "When payment is due" },
    vendor: {
      type: "object",
      properties: { name: { type: "string" }, address: { type: "string" } },
      required: ["name"],
    },
    customer: {
      type: "object",
      description: "Who the invoice is billed to",
      properties: { name: { type: "string" }, address: { type: "string" } },
    },
    subtotal: { type: "number" },
    tax: { type: "number" },
    total: { type: "number", description: "Total amount due" },
    currency: { type: "string", description: "ISO 4217 code" },
    paid: { type: "boolean" },
    line_items: {
      type: "array",
      items: {
        type: "object",
        properties: {
          description: { type: "string" },
          quantity: { type: "integer" },
          unit_price: { type: "number" },
          amount: { type: "number" },
        },
        required: ["description", "amount"],
      },
    },
    purchase_order: { type: "string", description: "Customer purchase order number" },
  },
  required: ["invoice_number", "invoice_date", "total"],
};
