// A tax number known by its form, printed without a label: VAT numbers with their country's prefix
// (GB 123 4567 89, DE123456789, FR12 345678901, NL123456789B01, CHE-123.456.789 MWST...), a US
// employer number (12-3456789), an Australian business number (12 345 678 901), a Canadian
// business number (123456789RT0001). No address ends in one, so one ending a party's address lines
// is cut off them; the issuer's is its tax id.

const FORMS = [
  String.raw`GB\s?\d{3}\s?\d{4}\s?\d{2}(?:\s?\d{3})?`,
  String.raw`DE\s?\d{9}`,
  String.raw`FR\s?[0-9A-Z]{2}\s?\d{9}`,
  String.raw`NL\s?\d{9}\s?B\s?\d{2}`,
  String.raw`BE\s?0?\d{3}[.\s]?\d{3}[.\s]?\d{3}`,
  String.raw`ATU\s?\d{8}`,
  String.raw`LU\s?\d{8}`,
  String.raw`IT\s?\d{11}`,
  String.raw`ES\s?[A-Z\d]\d{7}[A-Z\d]`,
  String.raw`CHE[-\s]?\d{3}\.\d{3}\.\d{3}(?:\s?(?:MWST|TVA|IVA))?`,
  String.raw`\d{2}-\d{7}`,
  String.raw`\d{2}\s\d{3}\s\d{3}\s\d{3}`,
  String.raw`\d{9}\s?RT\s?\d{4}`,
];

const ENDING = new RegExp(`(?:^|[\\s,]+)(${FORMS.join("|")})$`);

/** An address whose last words are a tax number: the address without it, and the number. */
export function cutTaxNumber(address: string): { address: string; taxId: string } | null {
  const m = ENDING.exec(address.trim());
  if (!m?.[1]) return null;
  const rest = address.trim().slice(0, m.index).trim();
  return rest ? { address: rest, taxId: m[1] } : null;
}
