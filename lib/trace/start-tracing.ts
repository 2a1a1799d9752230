// Starts OpenTelemetry's Node SDK for this process when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise the SDK is never loaded. Traces only:
// metrics are Prometheus's (/metrics), logs are the JSON lines on stdout. The SDK reads the rest
// of the standard OTEL_* variables itself (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_PROTOCOL,
// OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER…).
import { context, propagation, trace } from "@opentelemetry/api";
import type { NodeSDK } from "@opentelemetry/sdk-node";
import { setTracingOn, tracingOn } from "./tracing.ts";

const key = Symbol.for("switchboard.tracing.sdk");
type G = typeof globalThis & { [key]?: NodeSDK };

/** Whether the environment asks for traces. */
export function tracingWanted(environment: Record<string, string | undefined> = process.env): boolean {
  return Boolean(environment.OTEL_EXPORTER_OTLP_ENDPOINT || environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && environment.OTEL_SDK_DISABLED !== "true";
}

/**
 * Starts the SDK once per process (later calls do nothing); `serviceName` unless
 * OTEL_SERVICE_NAME names it. Resolves false when tracing is not wanted.
 */
export async function startTracing(serviceName: string): Promise<boolean> {
  if (!tracingWanted()) return false;
  if (tracingOn()) return true;
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName }),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  (globalThis as G)[key] = sdk;
  setTracingOn(true);
  return true;
}

/** Sends the spans ended so far now rather than with the next batch (tests). */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?(): { forceFlush?(): Promise<void> } };
  await provider.getDelegate?.().forceFlush?.();
}

/** Sends the spans still buffered and stops the SDK, unregistering it (on shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const g = globalThis as G;
  const sdk = g[key];
  if (!sdk) return;
  delete g[key];
  setTracingOn(false);
  await sdk.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}
