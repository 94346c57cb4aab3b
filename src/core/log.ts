// A tiny structured logger: one JSON line per event on stderr. Enough for a service whose logs
// are read by machines; a library would add nothing we use.

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  const min = levels[level];
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (levels[lvl] < min) return;
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields })}\n`,
    );
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}
