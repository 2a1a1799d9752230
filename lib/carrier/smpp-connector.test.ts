import { describe, expect, it } from "vitest";
import { buildSubmitSm } from "./build-submit-sm.ts";
import { connector, part, receipts, selfSignedCertificate, sim, waitFor } from "./carrier-test-kit.ts";
import { connectConnector } from "./smpp-carrier.ts";

describe("connector options against the SMSC simulator", () => {
  it("opens a transmitter and a receiver per bind: submits go on the transmitters, receipts come on the receivers", async () => {
    const s = await sim();
    const c = await connector(s, { bindMode: "transmitter-receiver", binds: 2 });
    const got = receipts(c);
    await waitFor(() => c.status().binds.every((b) => b.state === "bound"), 2000, "all four binds");
    expect(c.status().binds.map((b) => [b.index, b.kind])).toEqual([
      [0, "tx"],
      [1, "tx"],
      [2, "rx"],
      [3, "rx"],
    ]);
    expect(c.stats()).toMatchObject({ binds: 2, connected: 2 });
    const results = await Promise.all(Array.from({ length: 10 }, () => c.submit(part())));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(s.received().map((r) => r.session)).size).toBe(2); // both transmitters, no receiver
    await waitFor(() => got.length === 10, 3000, "receipts on the receivers");
    expect(s.sessions()).toBe(4);
  });

  it("speaks SMPP over TLS to a self-signed simulator it trusts through the CA file, and refuses it without", async () => {
    const tls = selfSignedCertificate();
    const s = await sim({ tls: { cert: tls.cert, key: tls.key } });
    expect(s.url).toMatch(/^ssmpp:\/\//);
    const c = await connector(s, { tls: { caFile: tls.certFile } });
    const got = receipts(c);
    const r = await c.submit(part());
    expect(r.ok).toBe(true);
    await waitFor(() => got.length === 1, 2000, "receipt over TLS");

    const started = Date.now();
    await expect(connector(s, { tls: {} })).rejects.toThrow(/certificate/);
    expect(Date.now() - started).toBeLessThan(8000); // told at once, not after the 10 s connect timeout
    await expect(connector(s, { tls: { caFile: "/nonexistent/ca.pem" } })).rejects.toThrow(/CA file \/nonexistent\/ca.pem cannot be read/);
    // Without waiting, the refusal shows in the status.
    const waiting = await connector(s, { tls: {} }, { connectTimeoutMs: 0 });
    await waitFor(() => waiting.status().binds[0]!.state === "down", 2000, "down");
    expect(waiting.status().binds[0]!.lastError).toMatch(/^TLS: .*certificate/);
  });

  it("sends the connector's data_coding for GSM-7 text and its TON/NPI overrides; flash and UCS-2 keep theirs", async () => {
    const s = await sim();
    const c = await connector(s, { gsm7DataCoding: 1, sourceTon: 2, sourceNpi: 8, destTon: 0, destNpi: 0 });
    expect((await c.submit(part({ text: "plain text" }))).ok).toBe(true);
    expect((await c.submit(part({ text: "flash", flash: true }))).ok).toBe(true);
    expect((await c.submit(part({ text: "ünïcødé ✓", encoding: "ucs2" }))).ok).toBe(true);
    const [plain, flash, ucs2] = s.received();
    expect(plain).toMatchObject({ dataCoding: 1, text: "plain text", sourceAddrTon: 2, sourceAddrNpi: 8, destAddrTon: 0, destAddrNpi: 0, destinationAddr: "306912345678" });
    expect(flash!.dataCoding).toBe(0x10);
    expect(ucs2!.dataCoding).toBe(0x08);
    // Without overrides they come from the sender and the number.
    const built = buildSubmitSm(part({ from: "+306900000000" }), { gsm7DataCoding: 3 });
    expect(built.ok && built.params).toMatchObject({ source_addr_ton: 1, source_addr_npi: 1, dest_addr_ton: 1, dest_addr_npi: 1, data_coding: 3 });
  });

  it("refuses bad options before connecting, and runs with the window and rate given", async () => {
    const s = await sim();
    await expect(connectConnector({ host: "127.0.0.1", port: s.port, systemId: "switchboard", password: "switchboard", window: 0 })).rejects.toThrow(/window must be/);
    const c = await connector(s, { systemType: "VMA", window: 3, tps: 0 });
    expect(c.stats()).toMatchObject({ window: 3, submitsPerSecond: Infinity });
  });
});

describe("live status", () => {
  it("counts submits, answers, receipts and inbound messages, and measures submit_sm_resp latency", async () => {
    const s = await sim({ respondDelayMs: 20 });
    const c = await connector(s, { binds: 2 });
    const got = receipts(c);
    c.onInbound(async () => {});
    const before = c.status();
    expect(before.counters).toEqual({ submitted: 0, accepted: 0, refused: 0, throttled: 0, unanswered: 0, receipts: 0, inbound: 0 });
    expect(before.latencyMs).toBeNull();
    const results = await Promise.all([...Array.from({ length: 8 }, () => c.submit(part())), c.submit(part({ to: "+306900000003" }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    await waitFor(() => got.length === 8, 3000, "receipts");
    await s.sendInbound({ from: "+447700900123", to: "+306900000999", text: "hi" });
    const st = c.status();
    expect(st.counters).toEqual({ submitted: 9, accepted: 8, refused: 1, throttled: 0, unanswered: 0, receipts: 8, inbound: 1 });
    expect(st.latencyMs!.samples).toBe(9);
    expect(st.latencyMs!.mean).toBeGreaterThanOrEqual(15);
    expect(st.latencyMs!.p95).toBeGreaterThanOrEqual(st.latencyMs!.mean);
    expect(st.window).toBe(10);
    expect(st.binds).toHaveLength(2);
    for (const b of st.binds) expect(b).toMatchObject({ kind: "trx", state: "bound", inFlight: 0 });
    expect(st.startedAt.getTime()).toBeLessThanOrEqual(st.binds[0]!.since.getTime());
  });

  it("shows a bind connecting, then down with the SMSC's refusal and since when", async () => {
    const s = await sim({ password: "right" });
    const c = await connector(s, { password: "wrong" }, { connectTimeoutMs: 0 });
    expect(c.status().binds[0]).toMatchObject({ state: "connecting", inFlight: 0 });
    expect(c.status().binds[0]!.lastError).toBeUndefined();
    await waitFor(() => c.status().binds[0]!.state === "down", 2000, "down");
    const down = c.status().binds[0]!;
    expect(down.lastError).toMatch(/bind refused: ESME_RINVPASWD/);
    // Retrying does not move "since": it is down since the first refusal.
    await new Promise((r) => setTimeout(r, 700));
    expect(c.status().binds[0]).toMatchObject({ state: "down", since: down.since });
  });
});
