// The Sql executor's statements as spans, children of the request or job that runs them, when
// tracing is on (a statement outside any trace, such as a timer's poll, starts none). The
// statement's text goes in the span, never its values: those carry phone numbers and bodies.
import { inSpan, SpanKind, type Span } from "../trace/tracing.ts";
import type { Sql } from "./connection.ts";

/** Long statements are cut in the span: their start says which one it was. */
const MAX_TEXT = 4000;

/** One statement as a span (`name`: its prepared statement's). */
export function statement<T>(text: string, name: string | undefined, run: () => Promise<T>): Promise<T> {
  const operation = /^\s*(?:\/\*.*?\*\/\s*)?([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  return inSpan(
    name ? `${operation} ${name}` : operation,
    {
      kind: SpanKind.CLIENT,
      childOnly: true,
      attributes: { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text },
    },
    (span: Span | undefined) => (span ? run().then((r) => rows(span, r)) : run()),
  );
}

function rows<T>(span: Span, result: T): T {
  const n = (result as { rows?: unknown[] } | undefined)?.rows?.length;
  if (n !== undefined) span.setAttribute("db.response.returned_rows", n);
  return result;
}

/** `sql` whose statements are spans (where tracing is on and a span is active). */
export function tracedSql(sql: Sql): Sql {
  return {
    concurrent: sql.concurrent,
    query: (text, values) => statement(text, undefined, () => sql.query(text, values)),
    prepared: (name, text, values) => statement(text, name, () => sql.prepared(name, text, values)),
    exec: (text) => statement(text, undefined, () => sql.exec(text)),
    copyIn: (text, data) => statement(text, undefined, () => sql.copyIn(text, data)),
    session: (fn) => sql.session((pinned) => fn(tracedSql(pinned))),
  };
}
