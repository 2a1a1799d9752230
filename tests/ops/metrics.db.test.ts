// /metrics as Prometheus scrapes it: a campaign and a single message move the part counters by
// exactly their parts (submitted, delivered, undelivered, expired, failed), each submit_sm answered
// is timed in the latency histogram, receipts and callbacks are counted, the API's requests appear by route, and who may scrape is enforced.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "../../app/metrics/route.ts";
import { POST as sendSms } from "../../app/api/sms/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { campaignApi } from "../support/campaign-api.ts";
import { call } from "../support/http.ts";
import { parseMetrics, sumOf } from "./prometheus-text.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 20 });
const { owner, create, finished } = campaignApi(db);

async function scrape(headers: Record<string, string> = { "x-forwarded-for": "127.0.0.1" }) {
  const res = await metricsRoute(new Request("http://localhost:3999/metrics", { headers }));
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}
const samples = async () => parseMetrics((await scrape()).text);

describe("GET /metrics", () => {
  it("moves the part counters by exactly a campaign's parts, by outcome", async () => {
    const a = await owner();
    // The simulator's test numbers: …0001 undelivered, …0004 expired, …0003 refused at submit.
    const delivered = Array.from({ length: 10 }, (_, i) => `+3069${String(44_000_000 + i * 7919).slice(0, 7)}7`);
    const to = [...delivered, "+306944440001", "+306944440004", "+306944440003"];
    const before = await samples();
    const r = await create(a.auth, { from: "Shop", body: "Metrics", to, campaignName: `metrics ${crypto.randomUUID().slice(0, 8)}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(a.auth, r.body.trackingId);
    expect(done.body.statuses).toMatchObject({ Delivered: 10, Undelivered: 2, Failed: 1 });
    const parts = (m: Awaited<ReturnType<typeof samples>>, outcome: string) => sumOf(m, "switchboard_sms_parts_total", { outcome, country: "GR" });
    const delta = (after: Awaited<ReturnType<typeof samples>>, outcome: string) => parts(after, outcome) - parts(before, outcome);
    // Receipts are counted once stored: the last may follow the campaign's Finished by a moment.
    const after = await eventually(samples, (m) => delta(m, "delivered") >= 10 && delta(m, "expired") >= 1 && delta(m, "undelivered") >= 1);
    expect({
      submitted: delta(after, "submitted"),
      delivered: delta(after, "delivered"),
      undelivered: delta(after, "undelivered"),
      expired: delta(after, "expired"),
      failed: delta(after, "failed"),
    }).toEqual({ submitted: 12, delivered: 10, undelivered: 1, expired: 1, failed: 1 });
    expect(sumOf(after, "switchboard_receipts_applied_total") - sumOf(before, "switchboard_receipts_applied_total")).toBe(12);
    expect(sumOf(after, "switchboard_campaign_parts_submitted_total") - sumOf(before, "switchboard_campaign_parts_submitted_total")).toBe(12);
    // The carrier of this test is not a connector of the table: its parts are labelled so.
    expect(after.some((s) => s.name === "switchboard_sms_parts_total" && s.labels.connector === "none")).toBe(true);
    expect(sumOf(after, "switchboard_http_requests_total", { route: "/sms/campaign", method: "POST", status: "200" })).toBeGreaterThanOrEqual(1);
  });

  it("counts a single message's parts, its receipt and its delivered callback", async () => {
    const a = await owner();
    const before = await samples();
    const r = await call(sendSms, {
      method: "POST",
      path: "/sms",
      headers: a.auth,
      body: { from: "Shop", to: "+306944447777", body: "x".repeat(200), callback: { url: messaging.receiverUrl(`/m/${crypto.randomUUID()}`), strategy: "OnCompletion" } },
    });
    expect(r.status).toBe(200);
    const delta = (m: Awaited<ReturnType<typeof samples>>, name: string, labels: Record<string, string> = {}) => sumOf(m, name, labels) - sumOf(before, name, labels);
    // Its reports (one per final part) delivered, and every one of them counted.
    const reports = async () =>
      (
        await db
          .ctx()
          .sql.query<{ n: number; delivered: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'delivered')::int AS delivered FROM callbacks WHERE message_id = $1::uuid`, [
            r.body.trackingId,
          ])
      ).rows[0]!;
    const sent = await eventually(reports, (c) => c.n === 2 && c.delivered === 2);
    const after = await eventually(samples, (m) => delta(m, "switchboard_callbacks_total", { kind: "sms.status", outcome: "delivered" }) >= sent.delivered);
    // 200 GSM-7 characters: two parts, two submit_sm answered, each timed in the latency histogram.
    expect(delta(after, "switchboard_sms_parts_total", { outcome: "submitted" })).toBe(2);
    expect(delta(after, "switchboard_submit_sm_duration_seconds_count", { connector: "none" })).toBe(2);
    expect(delta(after, "switchboard_submit_sm_duration_seconds_bucket", { connector: "none", le: "+Inf" })).toBe(2);
    expect(delta(after, "switchboard_sms_parts_total", { outcome: "delivered" })).toBe(2);
    expect(delta(after, "switchboard_callbacks_total", { kind: "sms.status", outcome: "delivered" })).toBe(2);
  });

  it("serves the Prometheus text format with the queue, pool and event-loop gauges", async () => {
    const s = await scrape();
    expect(s.status).toBe(200);
    expect(s.type).toContain("text/plain");
    expect(s.text).toContain("# TYPE switchboard_sms_parts_total counter");
    expect(s.text).toContain("# TYPE switchboard_http_request_duration_seconds histogram");
    expect(s.text).toContain("# TYPE switchboard_submit_sm_duration_seconds histogram");
    expect(s.text).toMatch(/switchboard_submit_sm_duration_seconds_bucket\{le="0.001",connector="none",bind="0"\}/);
    expect(s.text).toContain("switchboard_nodejs_eventloop_lag_seconds");
    // No label carries an id or a phone number (the labels only: a value such as a CPU time in
    // seconds may hold any run of digits).
    const labels = (s.text.match(/\{[^}]*\}/g) ?? []).join("\n");
    expect(labels).toContain('connector="none"');
    expect(labels).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(labels).not.toMatch(/\+?3069\d{8}/);
  });

  it("refuses a scraper that is not on this machine when no METRICS_TOKEN is set", async () => {
    expect((await scrape({ "x-forwarded-for": "203.0.113.7" })).status).toBe(403);
    expect((await scrape({ "x-forwarded-for": "127.0.0.1, 203.0.113.7" })).status).toBe(403);
    expect((await scrape({})).status).toBe(403);
  });
});
