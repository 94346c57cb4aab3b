import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// The held-out table benches (bench:tables:icdar, bench:tables:camelot) read another project's
// test files from a copy of its git repository (not shipped here: their licences are theirs),
// write them as a corpus folder in the manifest format, and score it with bench/tables.ts.
// Arguments, the same for each: [<git dir> [<out dir> [bench/tables.ts options...]]]; the git dir
// defaults to $<envVar>, then to the tool library's mirror; without an out dir a temporary one is
// used and removed after.

export type HeldOutSet = {
  gitDir: string;
  /** The corpus folder being written. */
  out: string;
  /** `git --git-dir <gitDir> ...args`, its output. */
  git: (...args: string[]) => Buffer;
  /** Says why the set cannot be read, removes a temporary folder, and exits with 2. */
  fail: (message: string) => never;
  /** Writes manifest.json, scores the folder with bench/tables.ts, removes a temporary folder; sets the exit code. */
  score: (manifest: unknown[]) => void;
};

export function heldOutSet(opts: { envVar: string; mirror: string; tmpPrefix: string }): HeldOutSet {
  const gitDir = process.argv[2] ?? process.env[opts.envVar] ?? opts.mirror;
  const given = process.argv[3];
  const out = given ?? mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix));
  mkdirSync(out, { recursive: true });
  const cleanUp = () => {
    if (!given) rmSync(out, { recursive: true, force: true });
  };
  return {
    gitDir,
    out,
    git: (...args) => execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 64 * 2 ** 20 }),
    fail(message) {
      console.error(message);
      cleanUp();
      process.exit(2);
    },
    score(manifest) {
      writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      const scored = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          path.join(import.meta.dirname, "..", "tables.ts"),
          "--corpus",
          out,
          ...process.argv.slice(4),
        ],
        { stdio: "inherit" },
      );
      cleanUp();
      process.exitCode = scored.status ?? 1;
    },
  };
}
