/** The ISO 4217 codes this runtime knows (ICU's list), in capitals: the currencies a run may name or an invoice be in. */
export const currencyCodes = Intl.supportedValuesOf("currency") as [string, ...string[]];

const known = new Set(currencyCodes);

export const isKnownCurrency = (code: string) => known.has(code);
