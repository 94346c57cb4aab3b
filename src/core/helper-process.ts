import { type ChildProcess, fork } from "node:child_process";

// A helper process of the service (an extraction process, an image decoder): forked from a
// bundled module, kept from holding the service open, and ready when it says `{ ready: true }`.

/** Forks `file` with `args` and a V8 heap of `heapMb`; the process does not keep the service alive. */
export function forkHelper(file: string, args: string[], heapMb: number): ChildProcess {
  const child = fork(file, args, {
    // Not the service's own flags (tsx's loader, a debugger): the module is plain JavaScript.
    execArgv: [`--max-old-space-size=${heapMb}`],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // A request waiting on it has its own timer to keep the service alive meanwhile.
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  return child;
}

/** What a helper's owner hears of it, before it is ready and after. */
export type HelperEvents<Message> = {
  /** Each message but the one saying it is ready. */
  message: (m: Message) => void;
  /** It did not say it was ready in time: the owner ends it. */
  late: () => void;
  error: (err: Error) => void;
  exit: (code: number | null, signal: NodeJS.Signals | null) => void;
};

/**
 * Resolves when `child` says it is ready; rejects when it fails, exits or is late first (`name`,
 * such as "The extraction process", begins the message). The promise's rejection is handled here
 * too: nobody may be waiting for it yet.
 */
export function helperReady<Message extends object>(
  child: ChildProcess,
  name: string,
  startMs: number,
  on: HelperEvents<Exclude<Message, { ready: true }>>,
): Promise<void> {
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      on.late();
      reject(new Error(`${name} did not start within ${startMs / 1000} s.`));
    }, startMs);
    child.on("message", (m: Message) => {
      if ("ready" in m) {
        clearTimeout(timer);
        resolve();
      } else on.message(m as Exclude<Message, { ready: true }>);
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
      on.error(err);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before it was ready.`));
      on.exit(code, signal);
    });
  });
  ready.catch(() => undefined);
  return ready;
}
