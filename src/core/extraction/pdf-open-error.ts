/** A PDF that cannot be opened (broken, encrypted, empty), with a message a person can act on. */
export class PdfOpenError extends Error {}
