import type { Lang } from "./locales.ts";

/** What the generator records about each corpus invoice beside its truth. */
export type CorpusMeta = {
  layout: string;
  lang: Lang;
  locale: string;
  producer: "chromium" | "libreoffice" | "pdf-lib" | "reportlab";
  scan: boolean;
};
