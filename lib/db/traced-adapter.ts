// Prisma's statements as spans: its driver adapter (pg or PGlite) wrapped so that every statement
// it sends, in or out of a transaction, goes through traced-sql.ts's span. Wrapped only when the
// database is opened with tracing on, so Prisma pays nothing otherwise.
import { statement } from "./traced-sql.ts";

type Connectable = { connect(): Promise<object> };

/** The adapter factory whose connections (and their transactions) trace their statements. */
export function tracedAdapter<F extends Connectable>(factory: F): F {
  return new Proxy(factory, {
    get(target, prop) {
      if (prop === "connect") return async () => queryable(await target.connect());
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function queryable<Q extends object>(q: Q): Q {
  return new Proxy(q, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      if (prop === "queryRaw" || prop === "executeRaw") return (query: { sql: string }) => statement(query.sql, undefined, () => v.call(target, query));
      if (prop === "startTransaction") return async (...args: unknown[]) => queryable(await v.apply(target, args));
      return v.bind(target);
    },
  });
}
