// A job's place in a trace: the enqueuing code's trace context rides in the job's data (under
// TRACE_KEY, added after the payload's schema has parsed it), and the worker runs the job in a
// span that is its child, so a request, the jobs it caused and what they did read as one trace.
import { contextOfCarrier, contextWith, ROOT_CONTEXT, SpanKind, startSpan, traceCarrier, TRACE_KEY, type Context, type Span } from "../trace/tracing.ts";

/** The job's data with the active trace context, when tracing is on and a span is active. */
export function carryTrace<T extends object>(data: T): T {
  const carrier = traceCarrier();
  return carrier ? { ...data, [TRACE_KEY]: carrier } : data;
}

/** The job's data without its trace context, and that context (undefined when none or tracing is off). */
export function takeTrace(data: unknown): { data: unknown; parent: Context | undefined } {
  if (!data || typeof data !== "object" || Array.isArray(data) || !(TRACE_KEY in data)) return { data, parent: undefined };
  const { [TRACE_KEY]: carrier, ...rest } = data as Record<string, unknown>;
  return { data: rest, parent: contextOfCarrier(carrier) };
}

/** The span of one attempt of a job (undefined without tracing), and the context its handler runs in. */
export function jobSpan(queue: string, id: string, retryCount: number, parent: Context | undefined): { span: Span | undefined; context: Context | undefined } {
  const span = startSpan(`job ${queue}`, {
    kind: SpanKind.CONSUMER,
    parent: parent ?? ROOT_CONTEXT,
    attributes: { "messaging.system": "pg-boss", "messaging.destination.name": queue, "messaging.message.id": id, "switchboard.job.retry_count": retryCount },
  });
  return { span, context: span ? contextWith(span, parent) : undefined };
}
