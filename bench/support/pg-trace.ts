// Statement timing from the PostgreSQL log. The bench server logs every statement of a database
// once `ALTER DATABASE … SET log_min_duration_statement = 0` is in force (new connections pick
// it up); each log line carries its end time (ms), the backend pid, the duration and the SQL.
// From them: the statements each POST /api/sms makes, and for its transaction — the one that
// starts with the conditional UPDATE of the account's balance, which locks the account's row
// until COMMIT — how long the lock is held, and how much of that the database itself spends.
import fs from "node:fs";
import { median, percentile } from "./stats.ts";

export interface LogEvent {
  at: number; // ms since epoch, when the phase ended
  pid: number;
  durationMs: number;
  phase: "parse" | "bind" | "execute" | "statement";
  sql: string;
}

const head = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+) \[(\d+)\] LOG:  duration: ([\d.]+) ms  (parse|bind|execute|statement)[^:]*: ?(.*)$/;

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
  const table = /\b(?:FROM|INTO|UPDATE)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(s)?.[1]?.replace(/"/g, "").replace(/^public\./, "");
  return table ? `${verb} ${table}` : verb;
}

export interface SendTxStats {
  transactions: number;
  /** Statements per transaction, BEGIN and COMMIT included (each one network round trip). */
  statements: number;
  statementList: string[];
  /** From the end of the balance UPDATE (row locked) to the end of COMMIT (row released); log times have 1 ms resolution. */
  lockHeldMs: { p50: number; p95: number };
  /** Of that, time PostgreSQL spent on the statements (parse + bind + execute). */
  dbWhileHeldMs: { p50: number };
  /** The UPDATE's own duration: mostly the wait for the previous holder's COMMIT. */
  lockWaitMs: { p50: number; p95: number };
  /** Statements per request outside the transaction (when `requests` was given). */
  outside?: { perRequest: number; names: Record<string, number> };
}

/**
 * The send transactions among `events` (BEGIN … COMMIT on one backend containing the balance
 * UPDATE). `requests`: how many POSTs the events cover, to count the statements outside them
 * per request (only meaningful when nothing else used the database meanwhile).
 */
export function analyzeSendTransactions(events: LogEvent[], requests?: number): SendTxStats {
  const byPid = new Map<number, LogEvent[]>();
  for (const e of events) byPid.set(e.pid, [...(byPid.get(e.pid) ?? []), e]);
  const held: number[] = [];
  const dbHeld: number[] = [];
  const waits: number[] = [];
  const counts: number[] = [];
  let statementList: string[] = [];
  const outside: Record<string, number> = {};
  for (const list of byPid.values()) {
    let tx: LogEvent[] | null = null;
    for (const e of list) {
      const kind = e.sql.trim().toUpperCase();
      if (e.phase === "statement" && kind.startsWith("BEGIN")) {
        tx = [e];
        continue;
      }
      if (!tx) {
        if (e.phase === "execute" || e.phase === "statement") outside[statementName(e.sql)] = (outside[statementName(e.sql)] ?? 0) + 1;
        continue;
      }
      tx.push(e);
      if (e.phase === "statement" && (kind.startsWith("COMMIT") || kind.startsWith("ROLLBACK"))) {
        const update = tx.findIndex((x) => x.phase === "execute" && /UPDATE accounts SET balance_micros/i.test(x.sql));
        if (update >= 0) {
          const u = tx[update]!;
          held.push(e.at - u.at); // acquired when the UPDATE ends (its duration is the wait)
          dbHeld.push(tx.slice(update + 1).reduce((s, x) => s + x.durationMs, 0));
          waits.push(u.durationMs);
          const stmts = tx.filter((x) => x.phase === "execute" || x.phase === "statement");
          counts.push(stmts.length);
          if (statementList.length === 0) statementList = stmts.map((x) => statementName(x.sql));
        } else for (const x of tx) if (x.phase === "execute" || x.phase === "statement") outside[statementName(x.sql)] = (outside[statementName(x.sql)] ?? 0) + 1;
        tx = null;
      }
    }
  }
  const outsideTotal = Object.values(outside).reduce((a, b) => a + b, 0);
  return {
    transactions: held.length,
    statements: median(counts),
    statementList,
    lockHeldMs: { p50: median(held), p95: percentile(held, 95) },
    dbWhileHeldMs: { p50: median(dbHeld) },
    lockWaitMs: { p50: median(waits), p95: percentile(waits, 95) },
    outside: requests ? { perRequest: outsideTotal / requests, names: Object.fromEntries(Object.entries(outside).map(([k, v]) => [k, v / requests])) } : undefined,
  };
}
