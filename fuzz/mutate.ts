// Mutations of real and generated PDFs: what a damaged download, a broken producer or a hand
// editing bytes makes. Seeded, so a failing input can be made again from its seed.

/** A small seeded generator (mulberry32): the same seed gives the same files. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}
export type Random = ReturnType<typeof random>;

const enc = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

/** Tokens that stress a PDF parser when dropped anywhere, each repeated a random number of times. */
const TOKENS = [
  "q\n",
  "[",
  "<<",
  "(",
  "BT ",
  "/Filter /FlateDecode ",
  "9999999999 ",
  "-1 ",
  "0 0 R ",
  "endstream\n",
  "obj ",
];

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const MUTATIONS: Record<string, (b: Uint8Array, r: Random) => Uint8Array> = {
  /** A few bytes anywhere set at random. */
  flip(b, r) {
    const out = b.slice();
    for (let i = 1 + r.int(20); i > 0; i--) out[r.int(out.length)] = r.int(256);
    return out;
  },
  /** The file cut short. */
  truncate: (b, r) => b.slice(0, 1 + r.int(b.length - 1)),
  /** A slice of the file copied somewhere else in it. */
  duplicate(b, r) {
    const from = r.int(b.length);
    const piece = b.slice(from, from + 1 + r.int(4096));
    const at = r.int(b.length);
    return concat(b.slice(0, at), piece, b.slice(at));
  },
  /** A parser-stressing token repeated up to 100,000 times, put in anywhere. */
  splice(b, r) {
    const at = r.int(b.length);
    return concat(b.slice(0, at), enc(r.pick(TOKENS).repeat(1 + r.int(100_000))), b.slice(at));
  },
  /** A number in the file (a length, a count, a width) made huge or negative. */
  number(b, r) {
    const text = Buffer.from(b).toString("latin1");
    const numbers = [...text.matchAll(/(?<=[\s/[])\d{1,6}(?=[\s\]>/])/g)];
    if (!numbers.length) return b;
    const m = r.pick(numbers);
    const value = r.pick(["2147483647", "4294967296", "-1", "0", "99999999999999999999", "1e308"]);
    const at = m.index ?? 0;
    return concat(b.slice(0, at), enc(value), b.slice(at + m[0].length));
  },
};

/** One to three mutations of `seed`. */
export function mutate(seed: Uint8Array, r: Random): { bytes: Uint8Array; how: string[] } {
  let bytes = seed;
  const how: string[] = [];
  for (let i = 1 + r.int(3); i > 0; i--) {
    const name = r.pick(Object.keys(MUTATIONS));
    bytes = (MUTATIONS[name] as (b: Uint8Array, r: Random) => Uint8Array)(bytes, r);
    how.push(name);
  }
  return { bytes, how };
}
