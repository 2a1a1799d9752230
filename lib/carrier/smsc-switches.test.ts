import { describe, expect, it } from "vitest";
import { atTestEnd, connector, part, receipts, sim, sleep, waitFor } from "./carrier-test-kit.ts";
import { startControlServer } from "./smsc-sim/control-server.ts";

describe("the simulator's trouble switches, as the carrier sees them", () => {
  it("throttle: submits are answered ESME_RTHROTTLED (retryable) until it ends, then accepted", async () => {
    const s = await sim();
    const c = await connector(s);
    s.throttle(0.3);
    expect(s.stats().switches).toMatchObject({ throttled: true, throttledUntil: expect.any(String) });
    const r = await c.submit(part());
    expect(r).toMatchObject({ ok: false, commandStatus: 0x58, retryable: true });
    expect(c.status().counters.throttled).toBe(1);
    await waitFor(() => !s.stats().switches.throttled, 2000, "the throttle to end by itself");
    // The bind holds its submits a second after a throttle answer, then sends them.
    expect(await c.submit(part())).toMatchObject({ ok: true });
    expect(s.stats()).toMatchObject({ received: 2, accepted: 1, throttled: 1, delivered: 1, switches: { throttled: false, throttledUntil: null } });
  });

  it("throttle without seconds holds until normal()", async () => {
    const s = await sim();
    const c = await connector(s);
    s.throttle();
    expect(s.stats().switches).toMatchObject({ throttled: true, throttledUntil: null });
    expect(await c.submit(part())).toMatchObject({ ok: false, retryable: true });
    await sleep(1100); // past the bind's pause: still throttled
    expect(await c.submit(part())).toMatchObject({ ok: false, retryable: true });
    s.normal();
    expect(await c.submit(part())).toMatchObject({ ok: true });
  });

  it("drop: the binds show down with the error, then bound again once the simulator takes connections", async () => {
    const s = await sim();
    const c = await connector(s, { binds: 2 });
    const boundSince = c.status().binds[0]!.since;
    s.drop(0.5);
    await waitFor(() => c.status().binds.every((b) => b.state === "down"), 2000, "down");
    expect(c.status().binds[0]!.lastError).toMatch(/closed/);
    expect(c.status().binds[0]!.since.getTime()).toBeGreaterThan(boundSince.getTime());
    expect(s.sessions()).toBe(0);
    await waitFor(() => c.status().binds.every((b) => b.state === "bound"), 5000, "bound again");
    expect(await c.submit(part())).toMatchObject({ ok: true });
  });

  it("stall: submits get no answer and resolve retryable and maybeAccepted; the simulator delivers none of them", async () => {
    const s = await sim();
    const c = await connector(s, { submitTimeoutMs: 200, window: 5 });
    const got = receipts(c);
    s.stall();
    const stalled = await Promise.all(Array.from({ length: 3 }, () => c.submit(part())));
    for (const r of stalled) expect(r).toMatchObject({ ok: false, retryable: true, maybeAccepted: true });
    expect(c.status().counters.unanswered).toBe(3);
    expect(s.stats()).toMatchObject({ received: 3, stalled: 3, accepted: 0, delivered: 0 });
    s.normal();
    // Sent again after the stall (as the job would), each is delivered once.
    const again = await c.submit(part({ partId: "after-stall" }));
    expect(again).toMatchObject({ ok: true });
    await waitFor(() => got.length === 1, 2000, "receipt after the stall");
    expect(s.stats()).toMatchObject({ delivered: 1, stalled: 3 });
  });
});

describe("the simulator's tally and control port", () => {
  it("lists the delivered parts in order from a cursor, bounded by keepDelivered", async () => {
    const s = await sim({ keepDelivered: 10 });
    const c = await connector(s);
    for (let i = 0; i < 12; i++) await c.submit(part({ to: `+30691234${50 + (i % 6)}`, partId: `t${i}` }));
    await c.submit(part({ partId: "t0" })); // a resubmission: answered, not delivered again
    const stats = s.stats();
    expect(stats).toMatchObject({ received: 13, accepted: 13, delivered: 12, duplicates: 1, distinctDestinations: 6 });
    const page = s.delivered(0, 100);
    // 12 > 10 kept: the oldest half went, the cursor says where the list starts.
    expect(page).toMatchObject({ from: 6, next: 12, total: 12 });
    expect(page.items.map((i) => i.partId)).toEqual(["t6", "t7", "t8", "t9", "t10", "t11"]);
    expect(page.items[0]).toEqual({ to: "3069123450", partId: "t6" });
    expect(s.delivered(10, 1)).toMatchObject({ from: 10, next: 11, items: [{ partId: "t10" }] });
    expect(s.delivered(12)).toMatchObject({ from: 12, next: 12, items: [] });
  });

  it("turns the switches and answers stats and delivered parts over HTTP", async () => {
    const s = await sim();
    const control = await startControlServer(s);
    atTestEnd(() => control.close());
    const call = async (method: string, path: string) => {
      const res = await fetch(`${control.url}${path}`, { method });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const c = await connector(s);
    expect(await c.submit(part({ partId: "one" }))).toMatchObject({ ok: true });

    const throttled = await call("POST", "/throttle?seconds=30");
    expect(throttled.status).toBe(200);
    expect(throttled.body.switches).toMatchObject({ throttled: true, throttledUntil: expect.any(String) });
    expect(await c.submit(part())).toMatchObject({ ok: false, commandStatus: 0x58 });
    expect((await call("POST", "/normal")).body.switches.throttled).toBe(false);
    expect((await call("POST", "/stall")).body.switches).toMatchObject({ stalled: true, stalledUntil: null });
    expect((await call("POST", "/normal")).body.switches.stalled).toBe(false);

    const stats = await call("GET", "/stats");
    expect(stats.body).toMatchObject({ received: 2, accepted: 1, throttled: 1, delivered: 1, distinctDestinations: 1, sessions: 1 });
    expect((await call("GET", "/delivered?since=0")).body).toEqual({ from: 0, next: 1, total: 1, items: [{ to: "306912345678", partId: "one" }] });

    expect((await call("POST", "/drop")).status).toBe(200);
    await waitFor(() => c.status().binds[0]!.state === "down", 2000, "dropped");
    await waitFor(() => c.status().binds[0]!.state === "bound", 5000, "bound again");

    expect(await call("POST", "/throttle?seconds=soon")).toMatchObject({ status: 400, body: { error: expect.stringMatching(/seconds must be a number/) } });
    expect(await call("POST", "/stall?seconds=0")).toMatchObject({ status: 400 });
    expect(await call("GET", "/delivered?limit=0")).toMatchObject({ status: 400 });
    expect((await call("GET", "/throttle")).status).toBe(405);
    expect((await call("POST", "/stats")).status).toBe(405);
    expect((await call("GET", "/nothing")).status).toBe(404);
  });
});
