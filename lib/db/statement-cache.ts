// The API's raw SQL (ctx.sql.query) as named prepared statements on PostgreSQL: each connection
// parses and plans a statement once instead of on every request. For the token lookup and the
// send statement that is 0.2 and 0.75 ms less PostgreSQL CPU per request, and less Node CPU too
// (docs/performance.md, B1).
import type { Sql } from "./connection.ts";

/** The mark of a statement to plan on every run (see adhoc). */
export const ADHOC_MARK = "/* adhoc */";

/**
 * Marks a statement to be planned on every run, never prepared by the statement cache: a
 * search whose best plan depends on its values (a prepared statement's generic plan cannot see
 * a filter's selectivity).
 */
export const adhoc = (text: string): string => `${ADHOC_MARK} ${text}`;

// Bounded: the first MAX_PREPARED distinct texts get a name, later ones run unnamed, so SQL
// built with varying text cannot grow the connections' statement caches without end.
const MAX_PREPARED = 200;

const statementNames = new Map<string, string>();

/** `sql` whose query() runs each statement text as a named prepared statement (all but adhoc ones). */
export function cachingStatements(sql: Sql): Sql {
  return {
    ...sql,
    query: (text, values) => {
      if (text.startsWith(ADHOC_MARK)) return sql.query(text, values);
      let name = statementNames.get(text);
      if (name === undefined && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `sb_${statementNames.size + 1}`));
      return name ? sql.prepared(name, text, values ?? []) : sql.query(text, values);
    },
  };
}
