// With tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) nothing is traced and nothing changes: jobs
// carry no trace context, spans are not made, the request id is the caller's or a new UUID.
import { describe, expect, it } from "vitest";
import { activeTraceId, inSpan, startSpan, traceCarrier, tracingOn, TRACE_KEY } from "./tracing.ts";
import { startTracing, tracingWanted } from "./start-tracing.ts";
import { carryTrace, takeTrace } from "../jobs/job-trace.ts";
import { requestIdFor } from "../http/request-id.ts";

describe("tracing off", () => {
  it("is off unless an OTLP endpoint is named, and then does not start", async () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    if (!tracingWanted()) expect(await startTracing("switchboard")).toBe(false);
    expect(tracingOn()).toBe(false);
  });

  it("makes no span and leaves job data as it is", async () => {
    expect(await inSpan("x", {}, async (span) => span)).toBeUndefined();
    expect(startSpan("x", {})).toBeUndefined();
    expect(traceCarrier()).toBeNull();
    expect(activeTraceId()).toBeNull();
    const data = { messageId: "m" };
    expect(carryTrace(data)).toBe(data);
  });

  it("takes a carried trace context out of a job's data whether tracing is on or not", () => {
    const { data, parent } = takeTrace({ messageId: "m", [TRACE_KEY]: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" } });
    expect(data).toEqual({ messageId: "m" });
    expect(parent).toBeUndefined();
  });

  it("answers with the caller's X-Request-Id, or a new UUID", () => {
    expect(requestIdFor(new Request("http://h/api/sms", { headers: { "x-request-id": "abc-123" } }))).toBe("abc-123");
    expect(requestIdFor(new Request("http://h/api/sms"))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
