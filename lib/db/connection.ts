// Opens the database: PostgreSQL through the pg driver adapter when a URL is given, otherwise
// PGlite (Postgres compiled to WASM) in a folder or in memory. Both give the same Prisma client
// plus a raw SQL executor for the job engine, migrations and bulk statements.
import fs from "node:fs";
import { log } from "../log/logger.ts";
import { PrismaClient } from "./generated/client.ts";
import type { PGlite as PGliteInstance } from "@electric-sql/pglite";
import { statement, tracedSql } from "./traced-sql.ts";
import { tracedAdapter } from "./traced-adapter.ts";
import { tracingOn } from "../trace/tracing.ts";
import { startAutovacuum } from "./autovacuum.ts";

/** Prisma's adapter, tracing its statements when the database opens with tracing on. */
const traced = <F extends { connect(): Promise<object> }>(adapter: F): F => (tracingOn() ? tracedAdapter(adapter) : adapter);

export type SqlResult<R> = { rows: R[] };

export interface Sql {
  /** One parameterised statement. */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<R>>;
  /**
   * One parameterised statement run often with the same text, as a named prepared statement on
   * PostgreSQL: each connection parses and plans it once. `name` must always go with this text.
   */
  prepared<R = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<SqlResult<R>>;
  /** Several statements without parameters (migrations, DDL). */
  exec(text: string): Promise<void>;
  /** Runs fn on one pinned connection (session-level locks, explicit transactions). */
  session<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Bulk rows through COPY: `statement` is `COPY table (columns) FROM STDIN`, `data` its rows in
   * COPY's text format (see copyRow). About twice as fast as INSERT … unnest for 10k+ rows.
   */
  copyIn(statement: string, data: string): Promise<void>;
  /** Whether two statements sent at once run at once (a PostgreSQL pool); PGlite and a session run one at a time. */
  readonly concurrent: boolean;
}

/** Rows as one array per key, in `keys` order: the parameters of an INSERT … SELECT FROM unnest($n::type[], …). */
export function unnestColumns<T, K extends keyof T>(rows: readonly T[], keys: readonly K[]): T[K][][] {
  return keys.map((k) => rows.map((r) => r[k]));
}

/** One row in COPY's text format: tab-separated, \N for null, backslash escapes. */
export function copyRow(values: ReadonlyArray<string | number | bigint | boolean | null | undefined>): string {
  let line = "";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) line += "\t";
    if (v === null || v === undefined) line += "\\N";
    else if (typeof v === "string") line += /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => copyEscapes[c]!) : v;
    else line += String(v);
  }
  return `${line}\n`;
}
const copyEscapes: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** `from` (PGlite): a data folder saved by dumpDataDir to start from, instead of an empty cluster (tests: one migrated copy per run). */
export type DbTarget = { kind: "postgres"; url: string; poolSize?: number } | { kind: "pglite"; dir?: string; from?: Blob };

export interface Database {
  kind: DbTarget["kind"];
  prisma: PrismaClient;
  sql: Sql;
  /** pg-boss's database: it runs its SQL through the same pool or PGlite instance. */
  bossDb: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** The PostgreSQL pool's connections (the metrics); PGlite has one connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite: its data folder as one gzipped tarball, consistent (taken between statements), while it runs. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openDatabase(target: DbTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pg = await import("pg");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const pool = new pg.default.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection the server closes (a restart, a failover, an administrator) is an
    // event to log, not a reason for the process to die; the pool opens a new one when needed.
    pool.on("error", (err) => log("warn", "database connection lost", { error: err.message }));
    // @prisma/adapter-pg never releases a client whose connection died inside an interactive
    // transaction: after a restart or a dropped link the pool would fill with dead clients and
    // every query wait forever. A checked-out client whose connection ended is released here.
    const checkedOut = new Set<unknown>();
    pool.on("acquire", (c) => checkedOut.add(c));
    pool.on("release", (_err, c) => checkedOut.delete(c));
    pool.on("connect", (c) => {
      c.on("end", () =>
        setTimeout(() => {
          if (!checkedOut.delete(c)) return;
          try {
            c.release(new Error("connection ended while checked out"));
          } catch {
            /* released meanwhile */
          }
        }, 1000).unref(),
      );
    });
    const prisma = new PrismaClient({ adapter: traced(new PrismaPg(pool)) });
    const { from: copyFrom } = await import("pg-copy-streams");
    type Client = InstanceType<typeof pg.default.Client>;
    const copyOn = (client: Pick<Client, "query">, statement: string, data: string) =>
      new Promise<void>((resolve, reject) => {
        const stream = client.query(copyFrom(statement));
        stream.on("finish", () => resolve());
        stream.on("error", reject);
        stream.end(data);
      });
    type Queryable = Pick<InstanceType<typeof pg.default.Pool>, "query">;
    const over = (conn: Queryable, client?: Client): Omit<Sql, "session"> => ({
      concurrent: !client,
      query: async (text, values) => ({ rows: (await conn.query(text, values as unknown[])).rows }),
      prepared: async (name, text, values) => ({ rows: (await conn.query({ name, text, values })).rows }),
      exec: async (text) => {
        await conn.query(text);
      },
      copyIn: async (statement, data) => {
        if (client) return copyOn(client, statement, data);
        const c = await pool.connect();
        try {
          await copyOn(c, statement, data);
        } finally {
          c.release();
        }
      },
    });
    const sql: Sql = {
      ...over(pool),
      session: async (fn) => {
        const client = await pool.connect();
        try {
          const pinned: Sql = { ...over(client, client), session: (inner) => inner(pinned) };
          return await fn(pinned);
        } finally {
          client.release();
        }
      },
    };
    return {
      kind: "postgres",
      prisma,
      sql: tracedSql(sql),
      bossDb: { executeSql: (text, values) => statement(text, undefined, async () => ({ rows: (await pool.query(text, values as unknown[])).rows })) },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  // pg_trgm: the tracking explorer finds a number by any part of it through a trigram index.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const lite = await PGlite.create({ ...(target.dir ? { dataDir: target.dir } : {}), ...(target.from ? { loadDataDir: target.from } : {}), extensions: { pg_trgm } });
  // Every statement of Prisma, ctx.sql and pg-boss parsed and planned once (pglite-statements.ts).
  const { preparingClient } = await import("./pglite-statements.ts");
  const client = preparingClient(lite);
  // The adapter calls only query, exec and transaction (LiteClient) of the PGlite it is given.
  const prisma = new PrismaClient({ adapter: traced(new PrismaPGlite(client as PGliteInstance)) });
  const sql: Sql = {
    query: async (text, values) => {
      const r = await client.query(text, values as unknown[]);
      return { rows: r.rows as never[] };
    },
    // The client names every statement already (one session: the caller's name adds nothing).
    prepared: async (_name, text, values) => ({ rows: (await client.query(text, values)).rows as never[] }),
    exec: async (text) => {
      await lite.exec(text);
    },
    // PGlite reads COPY … FROM '/dev/blob' from the blob handed with the statement.
    copyIn: async (statement, data) => {
      await lite.query(statement.replace(/FROM\s+STDIN\s*$/i, "FROM '/dev/blob'"), [], { blob: new Blob([data]) });
    },
    session: (fn) => fn(sql),
    concurrent: false,
  };
  // No autovacuum launcher in PGlite: its tables are kept vacuumed and analyzed from here.
  const autovacuum = startAutovacuum(sql);
  return {
    kind: "pglite",
    prisma,
    sql: tracedSql(sql),
    bossDb: {
      // pg-boss sends multi-statement scripts without parameters; PGlite's query() takes one.
      executeSql: (text, values) => statement(text, undefined, async () => (values?.length ? client.query(text, values) : ((await lite.exec(text)).at(-1) ?? { rows: [] }))),
    },
    dump: () => lite.dumpDataDir("gzip"),
    close: async () => {
      await autovacuum.stop();
      await prisma.$disconnect();
      await lite.close();
    },
  };
}
