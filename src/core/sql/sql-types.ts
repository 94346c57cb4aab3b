import pg from "pg";

// Values of a sandboxed result as JSON carries them: whole numbers and decimals as numbers when
// a double holds them exactly (as strings when it cannot), dates as written, instants in ISO
// 8601 UTC. pg's defaults would give strings for every numeric and Date objects for dates,
// which shift with the server's time zone.

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const exactNumber = (s: string): number | string => {
  const n = Number(s);
  if (!Number.isFinite(n)) return s;
  if (Number.isInteger(n)) return Number.isSafeInteger(n) ? n : s;
  // A decimal of at most 15 significant digits survives the round trip through a double.
  return s.replace(/^[-+]?0*|\.|0+$/g, "").length <= 15 ? n : s;
};

export const sandboxTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8 || oid === NUMERIC) return exactNumber;
    if (oid === DATE || oid === TIMESTAMP) return (s: string) => s;
    if (oid === TIMESTAMPTZ) {
      const instant = pg.types.getTypeParser(TIMESTAMPTZ, "text") as (s: string) => Date;
      return (s: string) => {
        const d = instant(s);
        return Number.isNaN(d.getTime()) ? s : d.toISOString();
      };
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};
