import type { AddressInfo } from "node:net";
import smpp from "smpp";
import { describe, expect, it } from "vitest";
import { buildSubmitSm, relativeValidity } from "./build-submit-sm.ts";
import { carrier, carrierOnSim, atTestEnd, inboundMessages, part, receipts, sim, sleep, waitFor } from "./carrier-test-kit.ts";
import { parseReceipt } from "./parse-deliver-sm.ts";
import { connectCarrier } from "./smpp-carrier.ts";
import { parseSmppUrl } from "./smpp-url.ts";
import { startSmscSimulator } from "./smsc-simulator.ts";
import type { DeliveryReceipt } from "../core/ports/carrier.ts";

describe("pure helpers", () => {
  it("parses smpp:// URLs with encoded credentials", () => {
    expect(parseSmppUrl("smpp://sys%40id:p%3Ass@smsc.example:2776")).toEqual({ host: "smsc.example", port: 2776, tls: false, systemId: "sys@id", password: "p:ss" });
    expect(parseSmppUrl("ssmpp://a:b@[::1]").port).toBe(3550);
    expect(() => parseSmppUrl("http://a:b@x")).toThrow();
  });

  it("writes relative validity periods", () => {
    expect(relativeValidity(90)).toBe("000000013000000R");
    expect(relativeValidity(2 * 1440 + 5)).toBe("000002000500000R");
    expect(relativeValidity(0)).toBe("");
  });

  it("builds submit_sm parameters: TON/NPI, data coding, UDH, payload", () => {
    const alpha = buildSubmitSm(part());
    expect(alpha.ok && alpha.params).toMatchObject({
      source_addr_ton: 5,
      source_addr_npi: 0,
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: "306912345678",
      registered_delivery: 1,
      data_coding: 0,
      esm_class: 0,
    });
    const numeric = buildSubmitSm(part({ from: "306900000000", encoding: "ucs2", flash: true, concat: { ref: 300, total: 2, seq: 2 } }));
    expect(numeric.ok && numeric.params).toMatchObject({ source_addr_ton: 1, source_addr_npi: 1, data_coding: 0x18, esm_class: 0x40 });
    expect(numeric.ok && [...(numeric.params.short_message as Buffer).subarray(0, 6)]).toEqual([5, 0, 3, 300 & 0xff, 2, 2]);
    const long = buildSubmitSm(part({ text: "x".repeat(300) }));
    expect(long.ok && (long.params.message_payload as Buffer).length).toBe(300);
    const bad = buildSubmitSm(part({ to: "+30 69 abc" }));
    expect(bad).toMatchObject({ ok: false, result: { retryable: false, commandStatus: 0x0b } });
    const badText = buildSubmitSm(part({ text: "日本" }));
    expect(badText).toMatchObject({ ok: false, result: { retryable: false, commandStatus: 0x104 } });
  });

  it("parses receipts from text and from TLVs", () => {
    const r = parseReceipt("id:ABC123 sub:001 dlvrd:001 submit date:2611211530 done date:261121153045 stat:DELIVRD err:000 text:hi there");
    expect(r).toMatchObject({ smscMessageId: "abc123", stat: "DELIVRD", err: "000" }); // canonical: lower case
    expect(r!.submitDate!.toISOString()).toBe("2026-11-21T15:30:00.000Z");
    expect(r!.doneDate!.toISOString()).toBe("2026-11-21T15:30:45.000Z");
    expect(parseReceipt("", { receiptedMessageId: "X9", messageState: 5 })).toMatchObject({ smscMessageId: "x9", stat: "UNDELIV", err: "" });
    expect(parseReceipt("id:1 stat:EXPIRED err:000", { receiptedMessageId: "2" })).toMatchObject({ smscMessageId: "2", stat: "EXPIRED" });
    expect(parseReceipt("nothing here")).toBeNull();
  });
});

describe("SMPP carrier against the SMSC simulator", () => {
  it("submits and gets a DELIVRD receipt for the same message id", async () => {
    const { s, c } = await carrierOnSim();
    const got = receipts(c);
    const r = await c.submit(part());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    await waitFor(() => got.length === 1, 2000, "receipt");
    expect(got[0]).toMatchObject({ smscMessageId: r.smscMessageId, stat: "DELIVRD", err: "000" });
    expect(got[0]!.raw).toContain(`id:${r.smscMessageId}`);
    expect(got[0]!.doneDate).toBeInstanceOf(Date);
    const rec = s.received()[0]!;
    expect(rec).toMatchObject({
      sourceAddr: "Switchboard",
      sourceAddrTon: 5,
      destinationAddr: "306912345678",
      destAddrTon: 1,
      destAddrNpi: 1,
      registeredDelivery: 1,
      dataCoding: 0,
      text: "Hello from Switchboard",
    });
    // validity: 60 minutes from now, decoded by the SMSC side
    expect(Math.abs((rec.validityPeriod as Date).getTime() - Date.now() - 3600_000)).toBeLessThan(10_000);
    expect(c.stats()).toMatchObject({ binds: 1, connected: 1, inFlight: 0 });
  });

  it("gives each test number its outcome", async () => {
    const { s, c } = await carrierOnSim();
    const got = receipts(c);
    const numbers = ["+306900000001", "+306900000002", "+306900000003", "+306900000004", "+306900000005", "+306900000006", "+306911111111"];
    const results = await Promise.all(numbers.map((to, i) => c.submit(part({ to, partId: `p${i}`, from: "306912000000" }))));
    const byNumber = new Map(numbers.map((n, i) => [n, results[i]!]));
    expect(byNumber.get("+306900000003")).toEqual({ ok: false, commandStatus: 0x45, description: expect.stringContaining("ESME_RSUBMITFAIL"), retryable: false });
    const idOf = (n: string) => {
      const r = byNumber.get(n)!;
      if (!r.ok) throw new Error(`${n} was refused`);
      return r.smscMessageId;
    };
    await waitFor(() => got.length >= 5, 2000, "five receipts");
    const receiptOf = (n: string) => got.find((g) => g.smscMessageId === idOf(n));
    expect(receiptOf("+306900000001")).toMatchObject({ stat: "UNDELIV", err: "001" });
    expect(receiptOf("+306900000002")).toMatchObject({ stat: "UNDELIV", err: "008" });
    expect(receiptOf("+306900000004")).toMatchObject({ stat: "EXPIRED", err: "000" });
    expect(receiptOf("+306900000006")).toMatchObject({ stat: "DELIVRD", err: "000" });
    expect(receiptOf("+306911111111")).toMatchObject({ stat: "DELIVRD", err: "000" });
    // 0005: accepted, never a receipt (give it several delivery delays)
    idOf("+306900000005");
    await sleep(300);
    expect(receiptOf("+306900000005")).toBeUndefined();
    expect(got).toHaveLength(5);
    expect(s.pendingDeliveries()).toBe(0);
  });

  it("sends a 3-part UCS-2 message with concatenation UDH that reassembles", async () => {
    const { s, c } = await carrierOnSim();
    const text = "Γειά σας! Αυτό είναι ένα μακρύ μήνυμα σε UCS-2 που χωρίζεται σε τρία κομμάτια για να ελεγχθεί η συναρμολόγηση. 你好 — τέλος.";
    const size = Math.ceil(text.length / 3);
    const parts = [0, 1, 2].map((i) => text.slice(i * size, (i + 1) * size));
    expect(parts.every((p) => p.length <= 67)).toBe(true);
    const results = await Promise.all(parts.map((t, i) => c.submit(part({ text: t, encoding: "ucs2", concat: { ref: 0x5a, total: 3, seq: i + 1 }, partId: `m1-${i + 1}` }))));
    expect(results.every((r) => r.ok)).toBe(true);
    const recs = s.received().filter((r) => r.concat?.ref === 0x5a);
    expect(recs).toHaveLength(3);
    for (const r of recs) {
      expect(r.esmClass & 0x40).toBe(0x40);
      expect(r.dataCoding).toBe(0x08);
      expect(r.concat!.total).toBe(3);
      expect([...r.udh[0]!]).toEqual([0x00, 0x03, 0x5a, 3, r.concat!.seq]);
    }
    const reassembled = recs
      .slice()
      .sort((a, b) => a.concat!.seq - b.concat!.seq)
      .map((r) => r.text)
      .join("");
    expect(reassembled).toBe(text);
  });

  it("marks flash messages as class 0 (data_coding 0x10 / 0x18)", async () => {
    const { s, c } = await carrierOnSim();
    await c.submit(part({ flash: true, text: "flash gsm" }));
    await c.submit(part({ flash: true, encoding: "ucs2", text: "flash ünïcødé ✓" }));
    const [gsm, ucs2] = s.received();
    expect(gsm).toMatchObject({ dataCoding: 0x10, text: "flash gsm" });
    expect(ucs2).toMatchObject({ dataCoding: 0x18, text: "flash ünïcødé ✓" });
  });

  it("never has more than `window` submits outstanding; the rest queue", async () => {
    const { s, c } = await carrierOnSim({ respondDelayMs: 25 }, { window: 4 });
    let maxInFlight = 0;
    let sawQueue = false;
    const probe = setInterval(() => {
      const st = c.stats();
      maxInFlight = Math.max(maxInFlight, st.inFlight);
      sawQueue ||= st.queued > 0;
    }, 2);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => c.submit(part({ partId: `w${i}` }))));
    clearInterval(probe);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(s.maxOutstanding()).toBe(4);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(sawQueue).toBe(true);
  });

  it("limits throughput per bind with a token bucket", async () => {
    const { c } = await carrierOnSim({}, { submitsPerSecond: 50 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 30 }, () => c.submit(part())));
    // burst of 5, then 25 at 50/s ≈ 500 ms
    expect(performance.now() - started).toBeGreaterThan(400);
  });

  it("spreads submits round-robin over several binds", async () => {
    const { s, c } = await carrierOnSim({}, { binds: 3 });
    await waitFor(() => c.stats().connected === 3, 2000, "three binds");
    expect(s.sessions()).toBe(3);
    await Promise.all(Array.from({ length: 30 }, () => c.submit(part())));
    const perSession = new Map<number, number>();
    for (const r of s.received()) perSession.set(r.session, (perSession.get(r.session) ?? 0) + 1);
    expect(perSession.size).toBe(3);
    for (const n of perSession.values()) expect(n).toBeGreaterThanOrEqual(5);
  });

  it("reconnects after the connection drops: submits resume and earlier receipts still arrive", async () => {
    const { s, c } = await carrierOnSim({ deliveryDelayMs: 300, respondDelayMs: 5 }, { window: 5 }); // always some submits unanswered when the link drops
    const got = receipts(c);
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => c.submit(part({ partId: `a${i}` }))));
    // Stream more while the link is cut under it.
    const second = Array.from({ length: 40 }, (_, i) => c.submit(part({ partId: `b${i}` })));
    await waitFor(() => s.submitted() >= 25, 2000, "some of the second batch");
    s.dropSessions();
    expect(s.pendingDeliveries()).toBeGreaterThan(0); // receipts of the first batch not yet sent
    const secondResults = await Promise.all(second);
    expect([...first, ...secondResults].every((r) => r.ok)).toBe(true);
    expect(c.stats().connected).toBe(1);
    expect(s.submitted()).toBeGreaterThan(60); // the ones unanswered at the drop were sent again
    // …and say so: every copy the SMSC got twice is among them, and they are at most one window.
    const flagged = secondResults.filter((r) => r.ok && r.possibleDuplicate).length;
    expect(flagged).toBeGreaterThanOrEqual(s.duplicates());
    expect(flagged).toBeLessThanOrEqual(5);
    const ids = [...first, ...secondResults].map((r) => (r.ok ? r.smscMessageId : ""));
    await waitFor(() => ids.every((id) => got.some((g) => g.smscMessageId === id)), 4000, "all receipts");
    expect(got.filter((g) => g.stat !== "DELIVRD")).toEqual([]);
  });

  it("backs off further each time an SMSC drops the bind at once, instead of reconnecting four times a second", async () => {
    const s = await sim();
    let binds = 0;
    // A flapping SMSC: every bind is cut as soon as it is up.
    const flap = setInterval(() => {
      if (s.sessions() > 0) {
        binds++;
        s.dropSessions();
      }
    }, 5);
    try {
      await carrier(s.url);
      await sleep(4000);
    } finally {
      clearInterval(flap);
    }
    // Doubling from 250 ms (each delay between half and all of it): at most six binds in four
    // seconds; a backoff that started over at each bind would make fifteen or more.
    expect(binds).toBeGreaterThanOrEqual(3);
    expect(binds).toBeLessThanOrEqual(6);
  });

  it("queues submits while the SMSC restarts on the same port and sends them after", async () => {
    const s1 = await startSmscSimulator({ deliveryDelayMs: 50 });
    const port = s1.port;
    const c = await carrier(s1.url);
    const got = receipts(c);
    expect((await c.submit(part())).ok).toBe(true);
    await s1.close();
    await waitFor(() => c.stats().connected === 0, 2000, "disconnect");
    const during = Array.from({ length: 5 }, () => c.submit(part()));
    await sleep(100);
    const s2 = await sim({ port });
    const results = await Promise.all(during);
    expect(results.every((r) => r.ok)).toBe(true);
    await waitFor(() => got.length >= 5, 3000, "receipts from the restarted SMSC");
    expect(s2.submitted()).toBe(5);
  });

  it("sends the part id in the client reference TLV, so the SMSC answers a resubmission without delivering it twice", async () => {
    const { s, c } = await carrierOnSim();
    const got = receipts(c);
    const first = await c.submit(part({ partId: "same-part" }));
    const again = await c.submit(part({ partId: "same-part" }));
    const other = await c.submit(part({ partId: "other-part" }));
    expect(first.ok && again.ok && other.ok).toBe(true);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(s.received().map((r) => [r.clientRef, r.duplicate])).toEqual([
      ["same-part", false],
      ["same-part", true],
      ["other-part", false],
    ]);
    expect(s.duplicates()).toBe(1);
    await waitFor(() => got.length >= 2, 3000, "receipts");
    await sleep(200);
    expect(got.length).toBe(2);
  });

  it("treats a missed enquire_link_resp as a dead link and resends its in-flight submits", async () => {
    const { s, c } = await carrierOnSim({}, { enquireLinkSeconds: 0.1 });
    s.hangSessions();
    const started = performance.now();
    const r = await c.submit(part());
    expect(r).toMatchObject({ ok: true, possibleDuplicate: true });
    expect(s.submitted()).toBe(2); // once on the hung link, again on the new one
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("frees the window slot of a lost submit_sm_resp after the timeout, saying the part may have been taken", async () => {
    const { s, c } = await carrierOnSim({ faults: { dropSubmitResps: 1 } }, { window: 1, submitTimeoutMs: 200 });
    const lost = await c.submit(part());
    expect(lost).toMatchObject({ ok: false, retryable: true, maybeAccepted: true });
    expect(await c.submit(part())).toMatchObject({ ok: true });
    expect(s.droppedResps()).toBe(1);
  });

  it("does not send a queued submit whose job no longer holds it", async () => {
    const { s, c } = await carrierOnSim({ respondDelayMs: 150 }, { window: 1 });
    let gone = false;
    const first = c.submit(part());
    const second = c.submit(part(), { cancelled: () => gone });
    gone = true; // the lease was lost while it waited for the window
    expect(await first).toMatchObject({ ok: true });
    const r = await second;
    expect(r).toMatchObject({ ok: false, retryable: true });
    expect(r.ok === false && r.maybeAccepted).toBeFalsy();
    expect(s.submitted()).toBe(1);
  });

  it("fails retryable when no bind is live within the submit timeout", async () => {
    const s = await startSmscSimulator();
    const c = await carrier(s.url, { submitTimeoutMs: 200 });
    await s.close();
    await waitFor(() => c.stats().connected === 0, 2000, "disconnect");
    const r = await c.submit(part());
    expect(r).toMatchObject({ ok: false, retryable: true });
  });

  it("acknowledges a receipt only after its handler: a failing handler gets it again", async () => {
    const { s, c } = await carrierOnSim();
    const calls: DeliveryReceipt[] = [];
    c.onReceipt(async (r) => {
      calls.push(r);
      if (calls.length === 1) throw new Error("database down");
    });
    const r = await c.submit(part());
    await waitFor(() => calls.length === 2, 3000, "redelivery");
    expect(calls.map((x) => x.smscMessageId)).toEqual([r.ok && r.smscMessageId, r.ok && r.smscMessageId]);
    await waitFor(() => s.pendingDeliveries() === 0, 1000, "acknowledgement");
  });

  it("holds receipts that arrive before a handler is registered", async () => {
    const { s, c } = await carrierOnSim();
    const r = await c.submit(part());
    await sleep(150);
    expect(s.pendingDeliveries()).toBe(1); // sent, not acknowledged
    const got = receipts(c);
    await waitFor(() => got.length === 1 && s.pendingDeliveries() === 0, 1000, "held receipt");
    expect(got[0]!.smscMessageId).toBe(r.ok && r.smscMessageId);
  });

  it("delivers mobile-originated messages to onInbound", async () => {
    const { s, c } = await carrierOnSim();
    const inbound = inboundMessages(c);
    await s.sendInbound({ from: "+447700900123", to: "+306900000999", text: "STOP {now} €5" });
    await s.sendInbound({ from: "+447700900123", to: "+306900000999", text: "Ναι, ευχαριστώ 👍" });
    expect(inbound.map((m) => [m.from, m.to, m.text])).toEqual([
      ["+447700900123", "+306900000999", "STOP {now} €5"],
      ["+447700900123", "+306900000999", "Ναι, ευχαριστώ 👍"],
    ]);
    expect(inbound[0]!.receivedAt).toBeInstanceOf(Date);
  });

  it("rejects a wrong password with ESME_RINVPASWD and an unknown system_id with ESME_RINVSYSID", async () => {
    const s = await sim({ password: "right" });
    await expect(connectCarrier(s.url.replace(":right@", ":wrong@"))).rejects.toThrow(/ESME_RINVPASWD/);
    await expect(connectCarrier(s.url.replace("//switchboard:", "//someone:"))).rejects.toThrow(/ESME_RINVSYSID/);
  });

  it("maps SMSC error statuses: throttling, queue-full and system error are retryable, others not, unless the connector says otherwise", async () => {
    // A bare SMPP server answering by the destination's last two digits: 58 → ESME_RTHROTTLED,
    // 14 → ESME_RMSGQFUL, 08 → ESME_RSYSERR, 11 → ESME_RINVDSTADR, anything else accepted.
    const statuses: Record<string, number> = { "58": 0x58, "14": 0x14, "08": 0x08, "11": 0x0b };
    const server = smpp.createServer({}, (session) => {
      session.on("error", () => {});
      session.on("bind_transceiver", (pdu: smpp.PDU) => session.send(pdu.response()));
      session.on("enquire_link", (pdu: smpp.PDU) => session.send(pdu.response()));
      session.on("unbind", (pdu: smpp.PDU) => session.send(pdu.response(), () => session.close()));
      session.on("submit_sm", (pdu: smpp.PDU) => {
        const code = statuses[String(pdu.destination_addr).slice(-2)];
        session.send(code ? pdu.response({ command_status: code }) : pdu.response({ message_id: "m1" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    atTestEnd(async () => {
      for (const s of [...server.sessions]) s.destroy();
      await new Promise((r) => server.close(r));
    });
    const url = `smpp://u:p@127.0.0.1:${(server.address() as AddressInfo).port}`;
    const c = await carrier(url);
    expect(await c.submit(part({ to: "+3069000000" }))).toEqual({ ok: true, smscMessageId: "m1" });
    expect(await c.submit(part({ to: "+3069000014" }))).toMatchObject({ ok: false, commandStatus: 0x14, retryable: true });
    // Temporary by default (issue 16): routing sends the part to the next connector.
    expect(await c.submit(part({ to: "+3069000008" }))).toEqual({ ok: false, commandStatus: 0x08, description: "ESME_RSYSERR (0x00000008): system error", retryable: true });
    expect(await c.submit(part({ to: "+3069000011" }))).toMatchObject({ ok: false, commandStatus: 0x0b, retryable: false });
    expect(await c.submit(part({ to: "+3069000058" }))).toEqual({ ok: false, commandStatus: 0x58, description: expect.stringContaining("ESME_RTHROTTLED"), retryable: true });
    // A connector whose SMSC means RSYSERR for good, and RINVDSTADR for now.
    const own = await carrier(`${url}?temporary_errors=ESME_RTHROTTLED,0x0b`);
    expect(await own.submit(part({ to: "+3069000008" }))).toMatchObject({ ok: false, commandStatus: 0x08, retryable: false });
    expect(await own.submit(part({ to: "+3069000011" }))).toMatchObject({ ok: false, commandStatus: 0x0b, retryable: true });
  });
});
