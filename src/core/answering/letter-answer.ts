// Who sent a letter, memo or article, to whom, and when: a reader finds them where such documents
// put them, not in a sentence that says so. A memo's header fields ("From:", "To:", "Date:"), a
// letter's signature under its closing ("Yours sincerely,"), its salutation ("Dear Ms Trask,")
// and the address line naming that person, its date line, an article's byline ("By Clara
// Moretti"). Each part found is returned with the exact page text it was read from, to cite.

export type LetterPart = "sender" | "recipient" | "date";
export type Found = { value: string; page: number; quote: string };
type Page = { pageNumber: number; markdown: string };

/** What the question calls the document: "this letter", "the memo", "the article". */
const DOCUMENT =
  /\b(?:this|the)\s+(letter|memo|memorandum|article|e-?mail|note|message|notice|document|circular|statement)\b/i;
const SENDER =
  /\bwho\b[^?]*\b(?:sent|sends|send|wrote|writes|written|write|signed|signs|authored|issued)\b|\bwho\s+is\s+[^?]*\bfrom\b|\b(?:sender|author|signatory)\b/i;
const RECIPIENT =
  /\b(?:addressed|sent|written|directed)\s+to\b|\bto\s+whom\b|\b(?:recipient|addressee)\b|\bwho\b[^?]*\b(?:receive[sd]?|get|gets|got)\b/i;
const DATE =
  /\bwhen\b[^?]*\b(?:written|wrote|dated|sent|issued|signed|published)\b|\b(?:what|which)\s+(?:is\s+)?(?:the\s+)?date\b|\bdated?\s+(?:of|on)\b/i;

/** Which part a question asks of the document it names, and what it calls it; null when none. */
export function letterQuestion(question: string): { part: LetterPart; noun: string } | null {
  const named = DOCUMENT.exec(question);
  if (!named) return null;
  const noun = (named[1] ?? "document").toLowerCase();
  // "To whom was it sent" asks the recipient though it says "sent": the recipient is tried first.
  const part: LetterPart | null = RECIPIENT.test(question)
    ? "recipient"
    : SENDER.test(question)
      ? "sender"
      : DATE.test(question)
        ? "date"
        : null;
  return part ? { part, noun } : null;
}

/** The words that begin a job title after a signature's name ("Daniel Okafor Head of Lettings"). */
const ROLE_WORDS = new Set(
  (
    "head director manager officer chair chairman chairwoman chairperson president vice secretary " +
    "chief partner lead senior principal coordinator editor professor lecturer engineer consultant " +
    "administrator treasurer clerk supervisor assistant associate executive founder owner general"
  ).split(" "),
);
const TITLES = /^(?:mr|mrs|ms|miss|dr|prof|sir|dame|mx)\.?$/i;

/** A person's name at the head of a line: an optional title and two to four capitalised words, before a role. */
function leadingName(line: string): string | undefined {
  const words = line
    .replace(/[*_#|]/g, " ")
    .trim()
    .split(/\s+/);
  const out: string[] = [];
  for (const w of words) {
    const bare = w.replace(/[,;]$/, "");
    if (!out.length && TITLES.test(bare)) {
      out.push(bare);
      continue;
    }
    if (!/^\p{Lu}[\p{L}'’.-]*$/u.test(bare) || ROLE_WORDS.has(bare.toLowerCase())) break;
    out.push(bare);
    if (bare !== w || out.filter((x) => !TITLES.test(x)).length === 4) break;
  }
  return out.filter((x) => !TITLES.test(x)).length >= 2 ? out.join(" ") : undefined;
}

const lineText = (l: string) =>
  l
    .replace(/^#{1,6}\s+/, "")
    .replace(/\*\*|__/g, "")
    .trim();

/** A header field ("From: …", or a table row "| From: | … |") on the first page. */
function field(page: Page, labels: RegExp): Found | undefined {
  for (const raw of page.markdown.split("\n")) {
    const cells = raw.trim().startsWith("|")
      ? raw
          .split("|")
          .map((c) => c.trim())
          .filter(Boolean)
      : [raw.trim()];
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as string;
      const m = labels.exec(lineText(cell));
      if (!m) continue;
      const value = (m[1] ?? "").trim() || (cells[i + 1] ?? "").trim();
      if (value) return { value: lineText(value), page: page.pageNumber, quote: raw.trim() };
    }
  }
  return undefined;
}

const CLOSING =
  /^(?:yours\s+(?:sincerely|faithfully|truly)|sincerely(?:\s+yours)?|(?:kind|best|warm)\s+(?:regards|wishes)|regards|with\s+(?:kind|best)\s+regards|respectfully(?:\s+yours)?)\b[,.]?\s*(.*)$/i;
const SALUTATION = /^dear\s+([^,:]+)[,:]?/i;
const BYLINE = /(?:^|[.!?]\s+|\s)[Bb]y\s+(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3})\s*$/u;
const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const DATE_LINE = new RegExp(
  `^(?:\\p{L}+,?\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\.?,?\\s+\\d{4}|(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})$`,
  "iu",
);

/** The lines of a page that are text (not tables, not blank), as written. */
const textLines = (page: Page) =>
  page.markdown
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("|") && !l.startsWith("<!--"));

function sender(pages: Page[]): Found | undefined {
  const first = pages[0];
  if (!first) return undefined;
  const from = field(first, /^from\s*:\s*(.*)$/i);
  if (from) return from;
  // A letter is signed under its closing, on its last page with one.
  for (const page of [...pages].reverse()) {
    const lines = textLines(page);
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = CLOSING.exec(lineText(lines[i] as string));
      if (!m) continue;
      const signed = m[1] ? (lines[i] as string) : lines[i + 1];
      const name = signed && leadingName(m[1] || lineText(signed));
      if (signed && name) {
        const rest = lineText(m[1] || signed)
          .slice(lineText(m[1] || signed).indexOf(name) + name.length)
          .replace(/^[\s,]+/, "");
        return { value: rest ? `${name}, ${rest}` : name, page: page.pageNumber, quote: signed };
      }
    }
  }
  // An article's byline, among the first lines.
  for (const line of textLines(first).slice(0, 6)) {
    const m = BYLINE.exec(lineText(line));
    if (m?.[1]) return { value: m[1], page: first.pageNumber, quote: line };
  }
  return undefined;
}

function recipient(pages: Page[]): Found | undefined {
  const first = pages[0];
  if (!first) return undefined;
  const to = field(first, /^to\s*:\s*(.*)$/i);
  if (to) return to;
  const lines = textLines(first);
  const at = lines.findIndex((l) => SALUTATION.test(lineText(l)));
  if (at < 0) return undefined;
  const greeted = (SALUTATION.exec(lineText(lines[at] as string))?.[1] ?? "").trim();
  const surname = greeted.split(/\s+/).at(-1) ?? "";
  // The address block above the salutation names the person in full ("Ms Imogen Trask ...").
  if (surname && !/^(?:sir|madam|all|colleagues?|customers?)$/i.test(surname))
    for (const line of lines.slice(0, at)) {
      const text = lineText(line);
      const end = text.search(new RegExp(`\\b${surname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`));
      const name = end >= 0 ? leadingName(text.slice(0, end + surname.length)) : undefined;
      if (name && text.startsWith(name)) return { value: name, page: first.pageNumber, quote: line };
    }
  return { value: greeted, page: first.pageNumber, quote: lines[at] as string };
}

function dated(pages: Page[]): Found | undefined {
  const first = pages[0];
  if (!first) return undefined;
  const date = field(first, /^date\s*:\s*(.*)$/i);
  if (date) return date;
  const line = textLines(first)
    .slice(0, 12)
    .find((l) => DATE_LINE.test(lineText(l)));
  return line ? { value: lineText(line), page: first.pageNumber, quote: line } : undefined;
}

/** The part asked, read from the document's pages in order; undefined when not found. */
export function readLetterPart(pages: Page[], part: LetterPart): Found | undefined {
  return part === "sender" ? sender(pages) : part === "recipient" ? recipient(pages) : dated(pages);
}

/** The sentence that answers, `{}` standing for the value. */
export function saidOf(part: LetterPart, noun: string): string {
  const the = `The ${noun}`;
  return part === "sender"
    ? `${the} is from {}.`
    : part === "recipient"
      ? `${the} is addressed to {}.`
      : `${the} is dated {}.`;
}
