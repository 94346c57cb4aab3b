// The currency an invoice's addresses and tax words point to, for a bare "$" (Australian and
// Canadian invoices print the dollar sign as American ones do) and for invoices printing no
// currency at all. Each cue is an address form or a word of one country only.

import {
  AU_STATE_POSTCODE,
  CA_PROVINCE_POSTCODE,
  EIRCODE,
  either,
  UK_POSTCODE,
  US_STATE_ZIP,
} from "./place-cues.ts";

const PLACES: [code: string, cue: RegExp][] = [
  // Australian business number, or a state with its four-digit postcode.
  ["AUD", either(/\bABN\b/, AU_STATE_POSTCODE)],
  ["CAD", CA_PROVINCE_POSTCODE],
  // A British postcode or VAT registration starting GB.
  ["GBP", either(UK_POSTCODE, /\bGB\s?\d{3}\s?\d{4}\s?\d{2}\b/)],
  // An Irish Eircode or VAT number starting IE.
  ["EUR", either(EIRCODE, /\bIE\d{7}[A-Z]{1,2}\b/)],
  ["USD", US_STATE_ZIP],
];

/** The one currency the text's places point to, or null when none or several do. */
export function placeCurrency(text: string, among?: Set<string>): string | null {
  const found = PLACES.filter(([code, re]) => (!among || among.has(code)) && re.test(text)).map(([c]) => c);
  return found.length === 1 ? (found[0] as string) : null;
}
