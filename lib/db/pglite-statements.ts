// PGlite's query() sends every statement as an unnamed one (Parse, Describe, Bind, Describe,
// Execute, Sync: six calls into the WASM Postgres), so each run parses and plans it anew. This
// client parses each distinct text once as a named prepared statement of PGlite's one session and
// then runs it with Bind, Describe, Execute and Sync in one call: PostgreSQL keeps its plan (a
// generic one once it is as good as the custom ones). Everything else (exec, COPY with a blob,
// statements marked adhoc) goes to PGlite unchanged, and answers and errors are PGlite's own.
import { type PGlite, type QueryOptions, type Results, type Transaction, messages, parse, protocol } from "@electric-sql/pglite";
import { ADHOC_MARK } from "./statement-cache.ts";

/** What of PGlite the Prisma adapter, the Sql executor and pg-boss call. */
export type LiteClient = Pick<PGlite, "query" | "exec" | "transaction">;

// Bounded like the PostgreSQL statement caches (statement-cache.ts, boss.ts): the least recently
// used statement is closed when a new text needs a place, so SQL built with varying text (IN lists
// of varying length) cannot grow the session's memory without end.
const MAX_STATEMENTS = 300;

interface Prepared {
  name: string;
  /** The parameters' types as PostgreSQL inferred them (Describe), for serializing the values. */
  types: number[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PGlite's query errors carry the statement and its parameters (its makePGliteError). */
function withStatement(err: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (err instanceof messages.DatabaseError) Object.assign(err, { query, params, queryOptions: options });
  return err;
}

export function preparingClient(lite: PGlite): LiteClient {
  const statements = new Map<string, Prepared>(); // in use order, least recent first
  let named = 0;

  const prepare = async (key: string, text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const name = `sb_lite_${++named}`;
    const out: Uint8Array[] = [];
    if (statements.size >= MAX_STATEMENTS) {
      const [oldKey, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldKey);
      out.push(serialize.close({ type: "S", name: old.name }));
    }
    out.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync());
    const answer = await lite.execProtocolStream(concat(out), { syncToFs: false, onNotice: options?.onNotice });
    const prepared = { name, types: parse.parseDescribeStatementResults(answer) };
    statements.set(key, prepared);
    return prepared;
  };

  /** One statement, holding PGlite's query lock (and its transaction lock when not in one). */
  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> => {
    const key = options?.paramTypes?.length ? `${options.paramTypes.join(",")}\n${text}` : text;
    let st = statements.get(key);
    try {
      if (st) {
        statements.delete(key);
        statements.set(key, st);
      } else st = await prepare(key, text, options);
      const types = st.types;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = options?.serializers?.[types[i]!] ?? lite.serializers[types[i]!];
        return serializer ? serializer(v) : String(v);
      });
      const answer = await lite.execProtocolStream(
        concat([serialize.bind({ statement: st.name, values: values as string[] }), serialize.describe({ type: "P" }), serialize.execute(), serialize.sync()]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      if (!inTransaction) await lite.syncToFs();
      return parse.parseResults(answer, lite.parsers, options, await lite._getWrittenBlob())[0] as Results<T>;
    } catch (err) {
      // A statement a schema change made unusable (its result type changed) or gone from the
      // session: prepared again next time.
      const code = (err as { code?: string }).code;
      if (st && (code === "0A000" || code === "26000")) statements.delete(key);
      throw withStatement(err, text, params, options);
    }
  };

  const direct = (text: string, options: QueryOptions | undefined) => options?.blob !== undefined || text.startsWith(ADHOC_MARK);

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (direct(text, options)) return lite.query<T>(text, params, options);
    await lite._checkReady();
    return lite._runExclusiveTransaction(() => lite._runExclusiveQuery(() => run<T>(text, params, options, false)));
  };

  const inTransaction = (tx: Transaction): Transaction => {
    const wrapped: Transaction = {
      query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (direct(text, options) || tx.closed) return tx.query<T>(text, params, options);
        return lite._runExclusiveQuery(() => run<T>(text, params, options, true));
      },
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
    return wrapped;
  };

  return {
    query,
    exec: (text, options) => lite.exec(text, options),
    transaction: (callback) => lite.transaction((tx) => callback(inTransaction(tx))),
  };
}
