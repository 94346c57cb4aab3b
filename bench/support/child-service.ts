// A benchmark's server runs in a child process, so the load generator does not share its event
// loop and the server's CPU time can be read apart. The two sides speak over the IPC channel:
// the child says `ready` (with what the parent needs), answers `cpu` with its process.cpuUsage(),
// and on `stop` stops and exits; a child whose parent went away stops by itself.

import { type ChildProcess, fork } from "node:child_process";
import { benchServiceConfig } from "./bench-service-config.ts";

/** Child side: answers the parent's messages; `stop` releases everything the child started. */
export function serveParent(stop: () => Promise<void>, ready: Record<string, unknown>): void {
  let stopping: Promise<void> | null = null;
  const once = () => {
    stopping ??= stop();
    return stopping;
  };
  process.on("message", (msg: { type?: string }) => {
    if (msg?.type === "cpu") process.send?.({ type: "cpu", usage: process.cpuUsage() });
    else if (msg?.type === "stop")
      once()
        .catch((err: Error) => console.error("stopping the server failed:", err.message))
        .finally(() => process.send?.({ type: "stopped" }, () => process.exit(0)));
  });
  // The parent went away without asking: do not outlive it.
  process.on("disconnect", () => {
    void once().finally(() => process.exit(1));
  });
  process.send?.({ type: "ready", ...ready });
}

/**
 * Child side, for a benchmark of the whole service: starts it on the bench database with the
 * parent's blob directory and `env` (ROLE and the rest), and says `ready` with its address.
 */
export async function serveService(
  databaseUrl: string,
  blobDir: string,
  env: Record<string, string>,
): Promise<void> {
  const { createLogger } = await import("../../src/core/log.ts");
  const { startService } = await import("../../src/start-service.ts");
  const { config, removeBlobDir } = benchServiceConfig(databaseUrl, { ...env, BLOB_DIR: blobDir });
  // The shared blob directory is the parent's to remove; this one was made and is unused.
  removeBlobDir();
  const running = await startService(config, createLogger(config.logLevel));
  if (!running.url) throw new Error("the service has no API role");
  serveParent(() => running.stop(), { url: running.url });
}

/** Parent side: forks `script` with `args` and waits for its `ready` message. */
export async function startChild<Ready>(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(script, args, { env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`the server process exited early (code ${code})`)));
    child.once("error", reject);
  });
  return { child, ready };
}

/** Asks the child to stop; kills it if it has not exited after 15 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.connected) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.send({ type: "stop" });
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The child's CPU time so far, asked over IPC. */
export function childCpu(child: ChildProcess): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    const onMessage = (m: { type?: string; usage?: NodeJS.CpuUsage }) => {
      if (m?.type !== "cpu" || !m.usage) return;
      child.off("message", onMessage);
      resolve(m.usage);
    };
    child.on("message", onMessage);
    child.send({ type: "cpu" });
  });
}
