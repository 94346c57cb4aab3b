// The invoice as a JSON Schema, for a model asked to read one (ANSWER_PROVIDER=openai): the same
// fields as InvoiceData, every one present and null when the invoice does not show it.

const nullable = (type: string, description: string) => ({ type: [type, "null"], description });

const itemSchema = {
  type: "object",
  additionalProperties: false,
  required: ["description", "quantity", "unit", "unit_price", "tax_rate", "amount", "product_code"],
  properties: {
    description: nullable("string", "What was sold, as printed."),
    quantity: nullable("number", "How many."),
    unit: nullable("string", "The unit of the quantity (pcs, h, kg), as printed."),
    unit_price: nullable("number", "The price of one unit."),
    tax_rate: nullable("number", "The tax rate in percent (20 for 20 %)."),
    amount: nullable("number", "The line's amount."),
    product_code: nullable("string", "The article or product number."),
  },
};

export const invoiceSchema = {
  type: "object",
  additionalProperties: false,
  required: [
    "invoice_id",
    "invoice_date",
    "due_date",
    "purchase_order",
    "vendor_name",
    "vendor_address",
    "vendor_tax_id",
    "customer_name",
    "customer_address",
    "customer_id",
    "currency",
    "subtotal",
    "total_discount",
    "shipping",
    "total_tax",
    "invoice_total",
    "amount_paid",
    "amount_due",
    "payment_terms",
    "items",
  ],
  properties: {
    invoice_id: nullable("string", "The invoice number."),
    invoice_date: nullable("string", "The invoice date, ISO 8601 (YYYY-MM-DD)."),
    due_date: nullable("string", "The date payment is due, ISO 8601 (YYYY-MM-DD)."),
    purchase_order: nullable("string", "The customer's purchase order number."),
    vendor_name: nullable("string", "Who issued the invoice."),
    vendor_address: nullable("string", "The vendor's postal address, lines joined with ', '."),
    vendor_tax_id: nullable("string", "The vendor's VAT or tax number."),
    customer_name: nullable("string", "Who is billed."),
    customer_address: nullable("string", "The billing address, lines joined with ', '."),
    customer_id: nullable("string", "The customer's number at the vendor."),
    currency: nullable("string", "ISO 4217 code (EUR, USD, GBP…)."),
    subtotal: nullable("number", "The total before tax, discount and shipping."),
    total_discount: nullable("number", "Discounts taken off the subtotal, positive."),
    shipping: nullable("number", "Shipping or freight charged."),
    total_tax: nullable("number", "All tax charged."),
    invoice_total: nullable("number", "The invoice's total, tax included."),
    amount_paid: nullable("number", "Deposits or payments already made."),
    amount_due: nullable("number", "What remains to pay."),
    payment_terms: nullable("string", "The payment terms, as printed."),
    items: { type: "array", items: itemSchema, description: "The line items, in order." },
  },
} as const;
