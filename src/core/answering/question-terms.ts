// The words a question is matched on by the built-in answer engine, and the same words of the
// sentences it may answer with, normalised alike so that "regions" meets "Region" and "revenues"
// meets "revenue". Pure and deterministic; English-centred (a light suffix stripper, not a real
// stemmer: both sides go through it, so it only has to be consistent, not linguistically right).

import type { ChatMessage } from "./answer-types.ts";

/** The question: the last message the user wrote ("" when none). */
export const lastQuestion = (messages: readonly ChatMessage[]): string =>
  messages.findLast((m) => m.role === "user")?.content ?? "";

/** Function words and the fillers of questions ("tell me", "according to the document"). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below " +
    "between both but by can could did do does doing done down during each few for from further had has " +
    "have having he her here hers herself him himself his how i if in into is it its itself just me more " +
    "most my myself no nor not now of off on once only or other our ours ourselves out over own same she " +
    "should so some such than that the their theirs them themselves then there these they this those " +
    "through to too under until up very was we were what when where which while who whom whose why will " +
    "with would you your yours yourself yourselves " +
    "according describe document documents explain give list located many much please say says show tell " +
    "thing things " +
    // The most frequent function words of the other languages passages are indexed in (Spanish,
    // Portuguese, French, Italian, German, Dutch), question words included, so a question asked in
    // the document's language is matched on its content words. Words that are also English
    // content words ("son", "era", "war", "die", "sin", "pour", "dove") are left out.
    "de la el los las del al lo le les se que qué y o e un una uno unos unas por para con sobre entre " +
    "es fue ser son su sus mi como cómo cual cuál cuales cuáles quien quién donde dónde cuando cuándo " +
    "cuanto cuánto cuántos este esta estos estas ese esa eso muy más pero también " +
    "os um uma dos das em na nas não é ao pelo pela qual quais onde quanto " +
    "du des une et est dans pas sur au aux avec ce ces il elle ils sont ou sa ses leur leurs " +
    "nous vous je mais été être quel quelle quels quelles où quand comment combien pourquoi " +
    "il gli di della dei delle è nel nella cui quale quali perché " +
    "der das und ist nicht ein eine einer eines einem einen zu den dem mit sich auf für von im " +
    "als auch es werden aus hat dass sie nach wird bei noch wie zum haben nur oder aber vor zur bis " +
    "durch sein wurde sind welche welcher welches wer wo wann warum " +
    "het een en van dat op te zijn voor niet aan er wat wie waar wanneer"
  ).split(" "),
);

// A number with its separators ("4,500,000", "4.5"), or a word, possibly with an apostrophe ("O'Brien", "region's").
// Letters and the digits glued to them are two terms: "FY2027" says 2027, "Q3" says 3.
const token = /\p{N}+(?:[.,]\p{N}+)*|\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)*/gu;

/** "1,200" and "1200" are one number; other separators stay ("4.5", "4,5", "1.200" are left as written). */
function normalizeNumber(n: string): string {
  return /^\p{N}{1,3}(?:,\p{N}{3})+(?:\.\p{N}+)?$/u.test(n) ? n.replaceAll(",", "") : n;
}

/** Suffixes that make one word of another, longest first. */
// A final e is gone by then: "-ive" is "-iv".
const DERIVATIONS = ["ational", "ments", "ment", "ional", "ions", "ion", "iv", "al"];

/** Strips a few English suffixes: plurals, -ing, -ed, -ly, a final e, then one derivation (-ment, -ion, -ive, -al), so inflections and derived words meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  let stripped = false;
  for (const suffix of ["ing", "ed"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      stripped = true;
      break;
    }
  }
  // "supplied" and "supplier" are read as "supply", "studied" as "study", then go on as it does.
  if (stripped && w.endsWith("i") && w.length > 3) {
    w = `${w.slice(0, -1)}y`;
    stripped = false;
  } else if (!stripped && w.endsWith("ier") && w.length > 5) w = `${w.slice(0, -3)}y`;
  if (!stripped && w.endsWith("ly") && w.length >= 6) w = w.slice(0, -2);
  // "planned" -> "plann" -> "plan"; "fill", "miss" and "buzz" keep their double letter.
  if (stripped && w.length > 3 && /([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  // Words made from one another meet: "assessment" and "assessed", "nutritional" and
  // "nutrition", "contraceptive" and "contraception". A stem of five letters at least is kept.
  for (const suffix of DERIVATIONS) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 5) return w.slice(0, -suffix.length);
  }
  return w;
}

function readTerm(raw: string): string | undefined {
  const c = raw.charCodeAt(0);
  if (c >= 48 && c <= 57) return normalizeNumber(raw);
  let word = raw.toLowerCase();
  // Most words are plain ASCII with no apostrophe: the costlier steps only when needed.
  if (/[^a-z0-9'’]/.test(word)) word = word.normalize("NFKD").replace(/\p{M}+/gu, "");
  if (/^\p{N}/u.test(word)) return normalizeNumber(raw);
  if (word.includes("'") || word.includes("’")) word = word.replace(/['’]s$/, "").replace(/['’]/g, "");
  if (!word || STOP_WORDS.has(word)) return undefined;
  return SAME_AS[word] ?? stem(word);
}

/**
 * Words a question and a page say one thing with, read as one term: tables head a column
 * "Female" where a question asks about "women", a sentence says "minimum" where one asks "least".
 */
const SAME_AS: Record<string, string> = Object.fromEntries(
  (
    "women:female woman:female men:male man:male female:female male:male " +
    "least:minimum minimum:minimum minimal:minimum max:maximum maximum:maximum " +
    "employees:staff employee:staff workers:staff staff:staff " +
    "begin:start begins:start began:start start:start starts:start started:start " +
    "finish:end finishes:end finished:end end:end ends:end ended:end " +
    // Who wrote a text is its author: "Who wrote the report?" of "Author: Dr Ruth Calloway".
    "wrote:author writer:author writers:author author:author authors:author authored:author " +
    // Irregular past forms the stemmer leaves apart: "How much can be spent" of "agreed to spend".
    "spent:spend spend:spend spends:spend spending:spend paid:pay pay:pay pays:pay paying:pay " +
    "bought:buy buy:buy buys:buy sold:sell sell:sell sells:sell built:build build:build builds:build " +
    // To answer a request is to reply to it: "How long does a manager have to answer?" of "must reply within".
    "reply:reply replies:reply replied:reply answer:reply answers:reply answered:reply respond:reply responds:reply responded:reply"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

// Texts repeat their words: each distinct token is read once. Bounded; a pure function's cache,
// so answers do not depend on what was read before.
const cache = new Map<string, string | null>();
const CACHE_SIZE = 20_000;

/** One token as a term, or undefined for a stop word. */
export function termOf(raw: string): string | undefined {
  const known = cache.get(raw);
  if (known !== undefined) return known ?? undefined;
  const term = readTerm(raw);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(raw, term ?? null);
  return term;
}

/** The terms of a text, in order, repeats included; stop words left out. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(token)) {
    const t = termOf(m[0]);
    if (t) out.push(t);
  }
  return out;
}

/**
 * Words that say what kind of answer is wanted, or where, rather than what it is about: "What
 * percentage…", "How long…", "the cost of…", "in the report". A passage answering the question
 * need not use them ("eleven percent more", "takes 4 minutes", "£45"), so they count for little
 * and are never required; the words left are the question's key terms.
 */
export const ASKING_WORDS: ReadonlySet<string> = new Set(
  (
    "percentage percent proportion share rate ratio number amount figure value total sum count " +
    "cost costs price spend spent pay paid charge fee " +
    "date day days year years month months time times long far old big large small size often " +
    "weight length age width height depth distance speed duration " +
    "people person persons name named called kind type sort way reason " +
    "report article memo paper page section chapter table row column file text letter form list chart " +
    "mentioned stated given written shown listed"
  )
    .split(" ")
    .map((w) => termOf(w))
    .filter((t): t is string => t !== undefined),
);

/**
 * Common English verbs that say what happened rather than to what: a question paraphrases them
 * ("did ship calls rise" of "eleven percent more", "who ran it before" of "she succeeds", "who
 * supplied" of a "Supplier" column), so, like the asking words, a passage answering the question
 * need not use them. Past forms are listed as the stemmer leaves them apart ("went", "took").
 */
export const GENERAL_VERBS: ReadonlySet<string> = new Set(
  (
    "be become begin bring call came come change close compare contain contribute cover " +
    "decide deal dealt did do does done find found gave get give go goes going gone got grew grow happen " +
    "have hold held include increase involve keep kept know knew lead led leave left let look make made " +
    "mean meant meet met need offer put ran reach receive rise risen rose run said see seen send sent " +
    "set show start stay supply take taken took tell think told turn use want went win won work " +
    "write wrote written publish published provide provided produce happen occur"
  )
    .split(" ")
    // "give" is a stop word, "gives" is not: the stem stands for both.
    .map((w) => termOf(w) ?? stem(w)),
);

/**
 * "How heavy", "how wide", "how old": the adjective asks for a measure the page names with its
 * noun (a "Weight (kg)" column, "aged 12"), so the question is matched on the noun.
 */
const MEASURES: Record<string, string> = {
  heavy: "weight",
  light: "weight",
  wide: "width",
  broad: "width",
  tall: "height",
  high: "height",
  deep: "depth",
  old: "age",
  far: "distance",
  fast: "speed",
  big: "size",
  large: "size",
};
const MEASURE_QUESTION = new RegExp(`\\bhow\\s+(${Object.keys(MEASURES).join("|")})\\b`, "gi");

// "How much does it weigh?" asks its weight as "how heavy" does.
const WEIGH_VERB = /\bweigh(?:s|ed|ing)?\b/gi;

/** The question with a measure asked by its adjective or verb named by its noun ("how heavy" -> "how weight"). */
export function measuresNamed(question: string): string {
  return question
    .replace(MEASURE_QUESTION, (_, adjective: string) => `how ${MEASURES[adjective.toLowerCase()]}`)
    .replace(WEIGH_VERB, "weight");
}

/**
 * The question as it is searched: with the noun of a measure it asks by an adjective or a verb
 * added ("How much does the grinder weigh?" finds the table row "Weight | 2.1 kg").
 */
export function searchText(question: string): string {
  const named = measuresNamed(question);
  if (named === question) return question;
  const added = termsOf(named).filter((t) => !termsOf(question).includes(t));
  const nouns = [...named.matchAll(/\p{L}+/gu)]
    .map((m) => m[0])
    .filter((w) => added.includes(termOf(w) ?? ""));
  return nouns.length ? `${question} ${[...new Set(nouns)].join(" ")}` : question;
}

/** The terms of a question: those of its text, a measure asked by its adjective named by its noun. */
export function questionTermsOf(question: string): string[] {
  return termsOf(measuresNamed(question));
}

// The units a measure is given in: a statement with a number in one ("150 W", "2.1 kg") says the
// measure the question names ("What is the motor's power?") without naming it.
const NUMBER = "\\p{N}+(?:[.,]\\p{N}+)*\\s*";
const UNITS: Record<string, string> = {
  weight: "kg|g|mg|t|lbs?|oz|tonnes?|kilos?|grams?|kilograms?",
  power: "W|kW|MW|watts?|kilowatts?|hp",
  voltage: "V|kV|volts?",
  capacity: "l|ml|cl|litres?|liters?|mAh|Ah|kWh|g",
  volume: "l|ml|cl|litres?|liters?|m³|m3",
  length: "mm|cm|m|km|metres?|meters?|inches|in|ft|feet",
  width: "mm|cm|m|metres?|meters?|inches|in|ft|feet",
  height: "mm|cm|m|metres?|meters?|inches|in|ft|feet",
  depth: "mm|cm|m|metres?|meters?|inches|in|ft|feet",
  distance: "mm|cm|m|km|metres?|meters?|miles?|ft|feet",
  temperature: "°\\s*[CF]|degrees",
  speed: "km/h|mph|rpm|m/s",
};
const UNIT_PATTERNS = new Map(
  Object.entries(UNITS).map(([measure, units]) => [
    termOf(measure) ?? measure,
    new RegExp(`${NUMBER}(?:${units})(?![\\p{L}\\p{N}])`, "u"),
  ]),
);

/** The measure terms of `terms` a text gives a value of in its unit. */
export function measuresGiven(text: string, terms: readonly string[]): string[] {
  return terms.filter((t) => UNIT_PATTERNS.get(t)?.test(text));
}
