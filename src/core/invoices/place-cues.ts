// Address forms of one country each, read by the invoice reader for where an invoice comes from:
// its currency when it prints only "$" or none (place-currency.ts) and whether 03/05/2026 is
// day-first (invoice-dates.ts).

/** An Australian state with its four-digit postcode (NSW 2000). */
export const AU_STATE_POSTCODE = /\b(?:NSW|VIC|QLD|TAS|ACT)\s+\d{4}\b/;
/** A Canadian province with its postal code (ON K1P 5J2). */
export const CA_PROVINCE_POSTCODE =
  /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/;
/** A British postcode (LS1 4DY). */
export const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/;
/** An Irish Eircode (D02 AF30). */
export const EIRCODE = /\b[AC-FHKNPRTV-Y]\d{2}\s[AC-FHKNPRTV-Y\d]{4}\b/;
/** A United States state with its ZIP code (NY 10001, TX 75201-1234). */
export const US_STATE_ZIP =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\s+\d{5}(?:-\d{4})?\b/;

/** Both patterns as one: either matches. */
export const either = (a: RegExp, b: RegExp): RegExp => new RegExp(`${a.source}|${b.source}`, a.flags);
