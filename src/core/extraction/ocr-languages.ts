import { createHash } from "node:crypto";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

// The languages OCR reads: English, and German, French and Spanish with English beside them
// (documents in each carry English words and figures too). The English model alone reads "Müller"
// as "Muller", "Zürich" as "Zirich", "Straße" as "StraBe"; a page in German, French or Spanish is read with
// its own model once its language is known (layout-extractor.ts asks pageLanguage after a first
// reading in English). Japanese, Arabic and Hebrew are other scripts: the English model reads
// their pages as scattered low-confidence marks, so a page read poorly in English and in none of
// the marked languages is read with their models too, and one of them is kept when its reading is
// clearly surer and in its script (scriptReading). The models are the LSTM-only ("best_int") ones
// of @tesseract.js-data.

export const ocrLanguages = ["eng", "deu", "fra", "spa", "jpn", "ara", "heb"] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];

/** The languages told apart by their words, all written in Latin letters. */
const markedLanguages = ["eng", "deu", "fra", "spa"] as const;
type MarkedLanguage = (typeof markedLanguages)[number];

/** The languages told apart by their script, tried on pages the English model reads poorly. */
export const scriptLanguages = ["jpn", "ara", "heb"] as const;

/**
 * What Tesseract is started with for a page of that language: German, French, Spanish and Hebrew with
 * English beside them (the Hebrew model alone misreads the figures of a Hebrew table, "2.6" as
 * "6"); the Japanese and Arabic models read figures well alone.
 */
export const tesseractLanguages = (l: OcrLanguage) =>
  l === "deu" || l === "fra" || l === "spa" || l === "heb" ? `${l}+eng` : l;

const require = createRequire(import.meta.url);
const modelFile = (l: OcrLanguage) =>
  path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${l}/package.json`)),
    "4.0.0_best_int",
    `${l}.traineddata.gz`,
  );

let dataDir: string | null = null;

/**
 * One directory holding every model, as tesseract.js wants them (its langPath): links to the
 * packages' files, in a directory of the temporary space named after where they are, so it is
 * made once per installation and not again by each process.
 */
export function languageDataDir(): string {
  if (dataDir) return dataDir;
  const files = ocrLanguages.map((l) => [l, modelFile(l)] as const);
  for (const [l, file] of files)
    if (!existsSync(file)) throw new Error(`OCR language data for ${l} not found at ${file}`);
  const key = createHash("sha256")
    .update(files.map(([, f]) => f).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(tmpdir(), `quire-ocr-models-${key}`);
  mkdirSync(dir, { recursive: true });
  for (const [l, file] of files) {
    const link = path.join(dir, `${l}.traineddata.gz`);
    if (!existsSync(link)) {
      try {
        symlinkSync(file, link);
      } catch (err) {
        // Another process made it at the same moment.
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
  }
  dataDir = dir;
  return dir;
}

// Words that mark a language on an invoice, a letter or a report, written as the English model
// reads them (accents may be lost: "für" comes out "fur" or "fiir"). Words shared by the
// languages ("total", "date", "net", "client"; French and Spanish "la", "un", "en", "que") mark none.
const markers: Record<MarkedLanguage, ReadonlySet<string>> = {
  eng: new Set(
    "the and for of to with your our you we invoice amount due payment terms thank quantity price description subtotal tax order number bill ship from please".split(
      " ",
    ),
  ),
  deu: new Set(
    "der die das und fur fiir für mit von zu den dem des ist nicht rechnung rechnungsnummer rechnungsdatum datum betrag menge summe gesamt gesamtbetrag netto brutto mwst ust zahlbar bis bitte vielen dank ihre ihren ihr bestellung lieferung stuck stück anzahl preis einzelpreis gesamtpreis bezeichnung kunde kundennummer steuer zahlungsbedingungen tage fallig fällig auftrag warenwert zu zahlen".split(
      " ",
    ),
  ),
  fra: new Set(
    "le les des du et pour avec sur au aux une est facture montant ttc ht tva quantite quantité prix unitaire designation désignation echeance échéance commande reglement règlement paiement merci votre vos nous jours remise acompte payer rue avenue conditions".split(
      " ",
    ),
  ),
  spa: new Set(
    "el los las del y por para con su sus al factura fecha importe cantidad precio unitario descripcion descripción vencimiento pago gracias cliente numero número direccion dirección condiciones forma pedido envio envío calle avenida señor señores iva".split(
      " ",
    ),
  ),
};

/** Hits a language needs on a page to be taken for it. */
const MIN_HITS = 3;

/**
 * The language a page's words are in, when they say so: the one with the most marker words,
 * three at least and more than any other's; null when too few words tell (a cover page, a
 * table of figures).
 */
export function pageLanguage(words: readonly string[]): MarkedLanguage | null {
  const hits: Record<MarkedLanguage, number> = { eng: 0, deu: 0, fra: 0, spa: 0 };
  for (const raw of words) {
    const w = raw.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
    for (const l of markedLanguages) if (markers[l].has(w)) hits[l]++;
  }
  const ranked = [...markedLanguages].sort((a, b) => hits[b] - hits[a]);
  const [best, next] = ranked as [MarkedLanguage, MarkedLanguage];
  return hits[best] >= MIN_HITS && hits[best] > hits[next] ? best : null;
}

/** Chinese characters and Japanese kana: the letters of a script in which one letter may be a word. */
export const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A word's letters as a script model reads them. */
const scriptLetters: Record<(typeof scriptLanguages)[number], RegExp> = {
  jpn: new RegExp(IDEOGRAPH.source, "gu"),
  ara: /\p{Script=Arabic}/gu,
  heb: /\p{Script=Hebrew}/gu,
};

type ReadWord = { str: string; confidence: number };

/**
 * The mean confidence of a reading's letters, each word weighing as many as it holds. Digits are
 * left out: every model reads them, so a table of figures in any script reads surely in English.
 */
export function readingConfidence(words: readonly ReadWord[]): number {
  let sum = 0;
  let weight = 0;
  for (const w of words) {
    const n = w.str.match(/\p{L}/gu)?.length ?? 0;
    sum += n * w.confidence;
    weight += n;
  }
  return weight ? sum / weight : 0;
}

/** Below this, an English reading of a page with no language marked is checked against the scripts. */
export const UNSURE_READING = 85;
/** How much surer a script's reading must be than the English one to be kept. */
const SURER_BY = 10;
/** The share of a script reading's letters that must be of that script. */
const IN_SCRIPT = 0.5;

/**
 * Whether `read`, a page read with the model of `language` (a script language), is a better
 * reading than `english`: surer by SURER_BY and, for the most part, letters of its script (the
 * Japanese model reads Latin print too, and may be sure of it).
 */
export function scriptReading(
  language: (typeof scriptLanguages)[number],
  read: readonly ReadWord[],
  english: readonly ReadWord[],
): boolean {
  let letters = 0;
  let inScript = 0;
  for (const w of read) {
    letters += w.str.match(/\p{L}/gu)?.length ?? 0;
    inScript += w.str.match(scriptLetters[language])?.length ?? 0;
  }
  return (
    letters > 0 &&
    inScript >= IN_SCRIPT * letters &&
    readingConfidence(read) >= readingConfidence(english) + SURER_BY
  );
}
