// Traces as an operator's collector receives them: with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
// local OTLP/HTTP receiver, one POST /api/sms is one trace holding the request, its SQL, the
// submit job, the submit_sm with its answer and the callback POST; the answer's X-Request-Id is
// that trace's id, and no span carries the phone number.
import http from "node:http";
import type { AddressInfo } from "node:net";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendSms } from "../../app/api/sms/route.ts";
import { flushTraces, startTracing, stopTracing } from "../../lib/trace/start-tracing.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { campaignApi } from "../support/campaign-api.ts";
import { call } from "../support/http.ts";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

/** The spans an OTLP/HTTP JSON export request carries (ExportTraceServiceRequest). */
function spansOf(body: any): ExportedSpan[] {
  const value = (v: any): unknown => v.stringValue ?? v.intValue ?? v.doubleValue ?? v.boolValue;
  return (body.resourceSpans ?? []).flatMap((r: any) =>
    (r.scopeSpans ?? []).flatMap((s: any) =>
      (s.spans ?? []).map((span: any) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        attributes: Object.fromEntries((span.attributes ?? []).map((a: any) => [a.key, value(a.value)])),
      })),
    ),
  );
}

// The receiver starts and tracing with it before the database opens (its statements are spans then).
const received: ExportedSpan[] = [];
let receiver: http.Server;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url === "/v1/traces") received.push(...spansOf(JSON.parse(body)));
      res.setHeader("content-type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  process.env.OTEL_BSP_SCHEDULE_DELAY = "50";
  expect(await startTracing("switchboard-test")).toBe(true);
});
afterAll(async () => {
  await stopTracing();
  // Test files share the process (isolate: false): the next ones run without tracing.
  for (const name of ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_BSP_SCHEDULE_DELAY"]) delete process.env[name];
  await new Promise((r) => receiver.close(r));
});

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 20 });
const { owner } = campaignApi(db);

describe("traces", () => {
  it("makes one POST /api/sms one trace: request, SQL, job, submit_sm and callback", async () => {
    const a = await owner();
    const to = "+306944441234";
    const path = `/traced/${crypto.randomUUID()}`;
    const r = await call(sendSms, {
      method: "POST",
      path: "/sms",
      headers: a.auth,
      body: { from: "Shop", to, body: "Traced", callback: { url: messaging.receiverUrl(path), strategy: "OnChange" } },
    });
    expect(r.status, r.text).toBe(200);
    const traceId = r.headers.get("x-request-id")!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    // Its reports: Queued (enqueued by the request), Sent (by the submit job), Delivered (by the receipt).
    await eventually(
      async () => messaging.received.filter((x) => x.path === path).length,
      (n) => n >= 2,
    );
    const trace = await eventually(
      async () => {
        await flushTraces();
        return received.filter((s) => s.traceId === traceId);
      },
      // A span is exported when it ends: a callback's POST before the job around it.
      (spans) =>
        ["POST /api/sms", "job sms.submit", "submit_sm", "callback POST", "job callbacks.deliver"].every((n) => spans.some((s) => s.name === n)) &&
        spans.filter((s) => s.name === "callback POST").every((p) => spans.some((s) => s.spanId === p.parentSpanId)),
    );
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const one = (name: string) => trace.find((s) => s.name === name)!;
    const parentOf = (s: ExportedSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);

    const request = one("POST /api/sms");
    expect(request.parentSpanId).toBeUndefined();
    expect(request.attributes).toMatchObject({ "http.route": "/api/sms", "http.response.status_code": 200 });
    // The request's statements: the token's check, the price, the send statement (with the job's row).
    const sql = trace.filter((s) => s.attributes["db.system.name"] === "postgresql" && parentOf(s) === request);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.some((s) => String(s.attributes["db.query.text"]).includes("INSERT INTO messages"))).toBe(true);
    // The job the request enqueued, run by the worker as the request's child.
    const job = one("job sms.submit");
    expect(parentOf(job)).toBe(request);
    expect(job.attributes["messaging.destination.name"]).toBe("sms.submit");
    // Its submit_sm under it, with the SMSC's answer.
    const submit = one("submit_sm");
    expect(parentOf(submit)).toBe(job);
    expect(submit.attributes).toMatchObject({ "smpp.response": "submit_sm_resp", "smpp.command_status": 0 });
    expect(submit.attributes["smpp.message_id"]).toBeTruthy();
    // A callback job of the trace and its POST.
    const post = one("callback POST");
    expect(parentOf(post)?.name).toBe("job callbacks.deliver");
    expect(post.attributes).toMatchObject({ "switchboard.callback.kind": "sms.status", "http.response.status_code": 200 });
    // Never the phone number, in any span of any trace.
    const digits = to.slice(1);
    for (const s of received) for (const v of Object.values(s.attributes)) expect(String(v)).not.toContain(digits);
  });
});
