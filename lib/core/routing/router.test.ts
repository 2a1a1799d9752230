import { describe, expect, it } from "vitest";
import { Router, type LiveConnectors } from "./router.ts";
import { compileRule } from "./route-rules.ts";
import type { RouteSnapshot, RouteTable } from "./route-table.ts";
import type { Carrier, SubmitOptions, SubmitPart, SubmitResult } from "../ports/carrier.ts";

const THROTTLED: SubmitResult = { ok: false, commandStatus: 0x58, description: "ESME_RTHROTTLED", retryable: true };

/** A connection answering what `answer` says (by default: accepted). */
function fake(answer: (part: SubmitPart, options: SubmitOptions) => SubmitResult | Promise<SubmitResult> = () => ({ ok: true, smscMessageId: "1" })) {
  const sent: string[] = [];
  const carrier: Carrier = {
    submit: async (part, options = {}) => {
      sent.push(part.partId);
      return answer(part, options);
    },
    onReceipt: () => {},
    onInbound: () => {},
    stats: () => ({ binds: 1, connected: 1, inFlight: 0 }),
    close: async () => {},
  };
  return { carrier, sent };
}

/** A router over connectors A and B with one rule sending every part to `order`. */
function router(connections: Record<string, Carrier>, order: string[], breaker = { failures: 2, coolDownMs: 50 }) {
  const connectors = new Map(Object.keys(connections).map((id) => [id, { id, name: id, enabled: true, temporaryErrors: new Set([0x58]) }]));
  const rule = compileRule({
    id: "r",
    position: 1,
    name: "",
    accountId: null,
    country: "",
    prefix: "",
    network: "",
    kind: "",
    senderType: "",
    strategy: "priority",
    connectorIds: order,
    weights: [],
    enabled: true,
  });
  const snapshot: RouteSnapshot = { version: "1", rules: [rule], connectors, byName: new Map([...connectors.values()].map((c) => [c.name, c])), costs: new Map() };
  const table = { get: async () => snapshot } as unknown as RouteTable;
  const live: LiveConnectors = { get: (id) => connections[id], all: () => Object.values(connections) };
  return new Router(table, live, breaker);
}

let seq = 0;
const part = (): SubmitPart => ({ partId: `p${++seq}`, from: "Switchboard", to: "+306912345678", text: "hi", encoding: "gsm7", flash: false, validityMinutes: 60 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the router's failover", () => {
  it("a throttled part goes to the next connector; a connector that keeps failing is taken out", async () => {
    const a = fake(() => THROTTLED);
    const b = fake();
    const r = router({ A: a.carrier, B: b.carrier }, ["A", "B"]);
    for (let i = 0; i < 2; i++) expect(await r.submit(part())).toMatchObject({ ok: true, connector: "B", hops: [{ connector: "A", description: "ESME_RTHROTTLED" }] });
    expect(await r.submit(part())).toMatchObject({ ok: true, connector: "B", hops: [{ connector: "A", description: "taken out after repeated failures (cooling down)" }] });
    expect(a.sent).toHaveLength(2);
    expect(r.breakerState("A")).toBe("open");
  });

  it("parts with no other connector wait for the probe's answer rather than being refused while it is out", async () => {
    let throttled = true;
    const answers: (() => void)[] = [];
    const a = fake(async () => {
      if (throttled) return THROTTLED;
      await new Promise<void>((r) => answers.push(r)); // the SMSC takes its time
      return { ok: true, smscMessageId: "2" };
    });
    const r = router({ A: a.carrier }, ["A"]);
    await r.submit(part());
    await r.submit(part());
    expect(r.breakerState("A")).toBe("open");
    expect(await r.submit(part())).toMatchObject({ ok: false, retryable: true, hops: [{ connector: "A", description: "taken out after repeated failures (cooling down)" }] });
    throttled = false;
    await sleep(60);
    const probe = r.submit(part());
    const others = [r.submit(part()), r.submit(part())];
    await sleep(10);
    expect(a.sent).toHaveLength(3); // the probe alone is out
    answers.shift()!();
    expect(await probe).toMatchObject({ ok: true });
    await sleep(10);
    expect(a.sent).toHaveLength(5); // then the others go
    for (const answer of answers.splice(0)) answer();
    expect(await Promise.all(others)).toMatchObject([{ ok: true }, { ok: true }]);
    expect(r.breakerState("A")).toBe("closed");
  });

  it("a part its job no longer holds goes to no other connector and counts nothing against its own", async () => {
    const dropped: SubmitResult = { ok: false, commandStatus: -1, description: "not sent: its job no longer holds it", retryable: true };
    const a = fake(() => dropped);
    const b = fake();
    const r = router({ A: a.carrier, B: b.carrier }, ["A", "B"]);
    for (let i = 0; i < 3; i++) expect(await r.submit(part(), { cancelled: () => true })).toMatchObject({ ok: false, retryable: true, connector: "A" });
    expect(b.sent).toEqual([]);
    expect(r.breakerState("A")).toBe("closed");
  });

  it("a part that may be at an SMSC is not offered to another one", async () => {
    const a = fake(() => ({ ok: false, commandStatus: -1, description: "no submit_sm_resp", retryable: true, maybeAccepted: true }));
    const b = fake();
    const r = router({ A: a.carrier, B: b.carrier }, ["A", "B"]);
    expect(await r.submit(part())).toMatchObject({ ok: false, retryable: true, maybeAccepted: true, connector: "A" });
    expect(b.sent).toEqual([]);
  });
});
