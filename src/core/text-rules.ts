// Rules on client-given names, written once as regular expressions that JSON Schema (and so the
// OpenAPI document) can carry as they are: no flags, no Unicode property escapes.

/** The control characters (Unicode category Cc), spelt out so that every regex dialect reads them. */
export const controlCharacters = "\\u0000-\\u001F\\u007F-\\u009F";

/** Something besides white space, and no control character anywhere. */
export const visibleText = new RegExp(`^(?=[\\s\\S]*\\S)[^${controlCharacters}]*$`);
