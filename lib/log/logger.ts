// One JSON line per event on stdout; LOG_LEVEL filters.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? "info") as keyof typeof levels;
  return levels[name] ?? levels.info;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < threshold()) return;
  const line = JSON.stringify({ ts: new Date().toISOString(), level, msg, ...fields }, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
