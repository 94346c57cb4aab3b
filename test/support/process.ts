import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export type ServiceProcess = {
  child: ChildProcess;
  url: string;
  output: () => { stdout: string; stderr: string };
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  waitUntilHealthy: (timeoutMs?: number) => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * The service in a child process of its own (a second server, a worker, a crash to survive), under
 * plain node: the run's build of src/main.ts (test/support/global-setup.ts), or with `built`, the
 * bundle `npm start` runs (dist/main.js, built beforehand). Without a run's build, the sources
 * through tsx.
 */
export async function spawnService(
  env: Record<string, string>,
  port?: number,
  opts: { built?: boolean } = {},
): Promise<ServiceProcess> {
  const p = port ?? (await freePort());
  // Vitest puts Vite's BASE_URL ("/") into process.env; it is not ours to pass on.
  const { BASE_URL: _vite, ...inherited } = process.env;
  const runBuild = process.env.TEST_SERVICE_BUILD;
  const [command, args] = opts.built
    ? [process.execPath, [path.join(root, "dist/main.js")]]
    : runBuild
      ? [process.execPath, [path.join(runBuild, "main.js")]]
      : [tsx, [path.join(root, "src/main.ts")]];
  const child = spawn(command, args, {
    cwd: root,
    // Background page images off, as in startTestServer, unless a test sets them.
    env: {
      ...inherited,
      HOST: "127.0.0.1",
      PORT: String(p),
      LOG_LEVEL: "warn",
      PRERENDER_PAGES: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${p}`;
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    url,
    output: () => ({ stdout, stderr }),
    exited,
    async waitUntilHealthy(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (done) throw new Error(`service exited before it was healthy:\n${stderr}`);
        try {
          const r = await fetch(`${url}/health`);
          if (r.ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`service not healthy after ${timeoutMs} ms:\n${stderr}`);
    },
    async kill(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}
