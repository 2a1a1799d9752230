// What the rest of Switchboard traces through: spans around requests, statements, jobs, submit_sm
// and callback POSTs, and the trace context a job carries from whoever enqueued it. Everything
// here is a no-op costing one flag read until start-tracing.ts has started the SDK (only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set); the flag is on globalThis because Next bundles route
// handlers and instrumentation as separate module graphs.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";

export { ROOT_CONTEXT, SpanKind, type Attributes, type Context, type Span };

/** The job data's key for the trace context of the code that enqueued it (lib/jobs). */
export const TRACE_KEY = "_trace";

const key = Symbol.for("switchboard.tracing");
type G = typeof globalThis & { [key]?: boolean };

/** Whether spans are recorded in this process (start-tracing.ts turns it on). */
export function tracingOn(): boolean {
  return (globalThis as G)[key] === true;
}

export function setTracingOn(on: boolean): void {
  (globalThis as G)[key] = on;
}

const tracer = () => trace.getTracer("switchboard");

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent (default: the active span). */
  parent?: Context;
  /**
   * No span without a parent: for what runs both inside traced work and on its own, often (a
   * statement of a timer's poll would otherwise start a trace of one span every second).
   */
  childOnly?: boolean;
}

const noSpan = (o: SpanOptions) => !tracingOn() || (o.childOnly && !o.parent && !trace.getSpan(context.active()));

/**
 * Runs fn inside a new span, child of the active one (or of `parent`); ended when fn settles, with
 * an error status when it throws. Without tracing, fn runs as is (span undefined).
 */
export async function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (noSpan(options)) return fn(undefined);
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active());
  try {
    return await context.with(trace.setSpan(options.parent ?? context.active(), span), () => fn(span));
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** A span ended later by the caller (one that outlives a function call: a PDU and its answer). */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (noSpan(options)) return undefined;
  return tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active());
}

/** The context of `span` under `parent` (default: none, a trace of its own). */
export function contextWith(span: Span, parent: Context = ROOT_CONTEXT): Context {
  return trace.setSpan(parent, span);
}

/** Marks the span failed with the error's message. */
export function failed(span: Span | undefined, err: unknown): void {
  if (!span) return;
  const message = err instanceof Error ? err.message : String(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (err instanceof Error) span.recordException(err);
}

/** The active context, kept to run code in it later (undefined without tracing). */
export function activeContext(): Context | undefined {
  return tracingOn() ? context.active() : undefined;
}

/** Runs fn in `ctx` (as is when there is none). */
export function runIn<T>(ctx: Context | undefined, fn: () => T): T {
  return ctx ? context.with(ctx, fn) : fn();
}

/** The trace id of the active span (32 hex digits), or null without tracing or outside a span. */
export function activeTraceId(): string | null {
  if (!tracingOn()) return null;
  const sc = trace.getSpan(context.active())?.spanContext();
  return sc && trace.isSpanContextValid(sc) ? sc.traceId : null;
}

/** The active trace context as the propagator writes it (W3C traceparent by default), for a job's data; null when there is none. */
export function traceCarrier(): Record<string, string> | null {
  if (!tracingOn() || !trace.getSpan(context.active())) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? carrier : null;
}

/** The context a carrier written by traceCarrier stands for (undefined when it names none). */
export function contextOfCarrier(carrier: unknown): Context | undefined {
  if (!tracingOn() || !carrier || typeof carrier !== "object") return undefined;
  const ctx = propagation.extract(ROOT_CONTEXT, carrier as Record<string, string>);
  return trace.getSpan(ctx) ? ctx : undefined;
}
