// Statement timing from the PostgreSQL log. The bench server logs every statement of a database
// once `ALTER DATABASE … SET log_min_duration_statement = 0` is in force (new connections pick
// it up); each log line carries its end time (ms), the backend pid, the duration and the SQL.
// From them: the statements each POST /api/sms makes, how many messages each send statement
// stores (the group commit's batch size) and how long it runs (the account's row is locked from
// its UPDATE to its end).
import fs from "node:fs";
import { median, percentile } from "./stats.ts";

export interface LogEvent {
  at: number; // ms since epoch, when the phase ended
  pid: number;
  durationMs: number;
  phase: "parse" | "bind" | "execute" | "statement";
  sql: string;
}

const head = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) \[(\d+)\] LOG: {2}duration: ([\d.]+) ms {2}(parse|bind|execute|statement)[^:]*: ?(.*)$/;

/** Parses the log text (from a byte offset on) into statement events, in file order. */
export function readLogEvents(file: string, fromByte = 0): LogEvent[] {
  const text = fs.readFileSync(file).subarray(fromByte).toString("utf8");
  const events: LogEvent[] = [];
  let last: LogEvent | null = null;
  for (const line of text.split("\n")) {
    const m = head.exec(line);
    if (m) {
      last = {
        at: Date.parse(`${m[1]!.replace(" ", "T")}Z`),
        pid: Number(m[3]),
        durationMs: Number(m[4]),
        phase: m[5] as LogEvent["phase"],
        sql: m[6]!,
      };
      events.push(last);
    } else if (last && line.startsWith("\t")) last.sql += ` ${line.trim()}`;
    else if (!line.startsWith("\t")) last = null; // DETAIL lines and others end a statement
  }
  return events;
}

/** A short name for a statement: its verb and first table. */
export function statementName(sql: string): string {
  const s = sql.trim().replace(/\s+/g, " ");
  const verb = s.split(" ")[0]!.toUpperCase();
  const table = /\b(?:FROM|INTO|UPDATE)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i
    .exec(s)?.[1]
    ?.replace(/"/g, "")
    .replace(/^public\./, "");
  return table ? `${verb} ${table}` : verb;
}

export interface SendStats {
  /** Send statements executed (each stores one batch of messages of one account: lib/core/sms/send-sms.ts). */
  sendStatements: number;
  /** Requests per send statement, when `requests` was given (the group commit's batch size). */
  messagesPerStatement?: number;
  /**
   * The send statement's execute time. It runs alone (autocommit), so the account's row is locked
   * from its UPDATE to its end; the time includes waiting for the previous holder.
   */
  executeMs: { p50: number; p95: number };
  /** Every statement per request, by name, when `requests` was given (only meaningful when nothing else used the database meanwhile). */
  perRequest?: { total: number; names: Record<string, number> };
}

const isSend = (sql: string) => /INSERT INTO messages/i.test(sql) && /UPDATE accounts SET balance_micros/i.test(sql);

/** The send statements among `events`; `requests`: how many POSTs the events cover. */
export function analyzeSends(events: LogEvent[], requests?: number): SendStats {
  const durations: number[] = [];
  const names: Record<string, number> = {};
  let total = 0;
  for (const e of events) {
    if (e.phase !== "execute" && e.phase !== "statement") continue;
    const name = isSend(e.sql) ? "the send statement" : statementName(e.sql);
    names[name] = (names[name] ?? 0) + 1;
    total++;
    if (isSend(e.sql)) durations.push(e.durationMs);
  }
  return {
    sendStatements: durations.length,
    messagesPerStatement: requests && durations.length ? requests / durations.length : undefined,
    executeMs: { p50: median(durations), p95: percentile(durations, 95) },
    perRequest: requests ? { total: total / requests, names: Object.fromEntries(Object.entries(names).map(([k, v]) => [k, v / requests])) } : undefined,
  };
}
