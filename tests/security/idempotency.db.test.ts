// Idempotency-Key on POST /api/sms and POST /api/sms/campaign (Stripe's semantics, IETF
// draft-ietf-httpapi-idempotency-key-header): a retry with the same key and the same request gets
// the first answer byte for byte, marked Idempotent-Replayed, and sends and charges nothing; the
// same key with another request is a 422, a retry while the first still runs a 409, a bad key a
// 400; keys belong to one application and live 24 hours.
import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "../../app/api/sms/route.ts";
import { POST as campaignRoute } from "../../app/api/sms/campaign/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { createApplication } from "../../lib/core/applications/create-application.ts";
import { issueToken } from "../../lib/core/tokens/issue-token.ts";
import { claimIdempotencyKey } from "../../lib/core/idempotency/claim-idempotency-key.ts";
import { pruneIdempotencyKeys } from "../../lib/core/idempotency/prune-idempotency-keys.ts";
import { idempotently } from "../../lib/http/idempotency.ts";
import { json } from "../../lib/http/render-error.ts";
import { envelopeProblem } from "./api-routes.ts";

const db = useTestDatabase();

async function account(balance = 10) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, auth: bearer(await a.token()) };
}

const send = (headers: Record<string, string>, body: unknown, key?: string) =>
  call(sendRoute, { method: "POST", path: "/sms", headers: key === undefined ? headers : { ...headers, "idempotency-key": key }, body });
const messages = (accountId: string) => db.ctx().db.message.count({ where: { accountId } });
const balance = async (accountId: string) => (await db.ctx().db.account.findUniqueOrThrow({ where: { id: accountId } })).balanceMicros;
const storedKeys = async (applicationId: string) => (await db.ctx().sql.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_keys WHERE application_id = $1", [applicationId])).rows[0]!.n;

describe("Idempotency-Key on POST /api/sms", () => {
  it("replays the first answer to a retry and sends and charges once", async () => {
    const a = await account();
    const first = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Your order shipped", label: "orders" }, "order-1001");
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const charged = await balance(a.account.id);
    // The same request, its keys in another order (a client that re-serialises it).
    const retry = await send(a.auth, { label: "orders", body: "Your order shipped", to: "+306912345678", from: "Shop" }, "order-1001");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
    expect(await messages(a.account.id)).toBe(1);
    expect(await balance(a.account.id)).toBe(charged);
    // The IETF draft's quoted form names the same key.
    const quoted = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Your order shipped", label: "orders" }, '"order-1001"');
    expect(quoted.text).toBe(first.text);
    // A new key is a new message.
    const other = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Your order shipped", label: "orders" }, "order-1002");
    expect(other.body.trackingId).not.toBe(first.body.trackingId);
    expect(await messages(a.account.id)).toBe(2);
  });

  it("answers 422 to the same key with another request, and sends nothing", async () => {
    const a = await account();
    await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello" }, "k-422");
    const r = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello again" }, "k-422");
    expect(r.status).toBe(422);
    expect(envelopeProblem(r)).toBeNull();
    expect(r.body).toMatchObject({ code: "422000000", property: "Idempotency-Key" });
    expect(await messages(a.account.id)).toBe(1);
  });

  it("answers 409 while the first request with the key still runs", async () => {
    const a = await account();
    const body = { from: "Shop", to: "+306912345678", body: "Hello" };
    // The first request has claimed the key and not answered yet.
    const { requestFingerprint } = await import("../../lib/core/idempotency/request-fingerprint.ts");
    await claimIdempotencyKey(db.ctx(), { applicationId: a.application.id, key: "in-flight", fingerprint: requestFingerprint("POST", "/sms", body) });
    const r = await send(a.auth, body, "in-flight");
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("409000001");
    expect(r.headers.get("retry-after")).toBe("1");
    expect(await messages(a.account.id)).toBe(0);
  });

  it("sends once when retries with the same key arrive together", async () => {
    const a = await account();
    const body = { from: "Shop", to: "+306912345678", body: "Together" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(a.auth, body, "burst-1")));
    expect(await messages(a.account.id)).toBe(1);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.text)).size).toBe(1);
    for (const r of answers) if (r.status !== 200) expect(r.body.code).toBe("409000001");
  });

  it("refuses an empty key and one over 255 characters with 400, before sending", async () => {
    const a = await account();
    for (const key of ["", "k".repeat(256)]) {
      const r = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello" }, key);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("400000004");
      expect(envelopeProblem(r)).toBeNull();
    }
    expect((await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello" }, "k".repeat(255))).status).toBe(200);
    expect(await messages(a.account.id)).toBe(1);
  });

  it("keeps a refusal by the send itself, but not a validation error of the body", async () => {
    const a = await account(0);
    const body = { from: "Shop", to: "+306912345678", body: "Hello" };
    const poor = await send(a.auth, body, "poor-1");
    expect(poor.body.code).toBe("400001009");
    await db.ctx().db.account.update({ where: { id: a.account.id }, data: { balanceMicros: 10_000_000n } });
    const replay = await send(a.auth, body, "poor-1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(poor.text);
    expect(await messages(a.account.id)).toBe(0);
    // A request that fails validation (its zod schema, or the number check of the send) is not
    // kept: fixed, the same key sends.
    for (const [key, invalid] of [
      ["fix-1", { from: "Shop", to: "+306912345678" }],
      ["fix-2", { ...body, to: "not a number" }],
    ] as const) {
      expect((await send(a.auth, invalid, key)).body.code).toBe("400000000");
      const fixed = await send(a.auth, body, key);
      expect(fixed.status).toBe(200);
      expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await messages(a.account.id)).toBe(2);
  });

  it("scopes keys to the application", async () => {
    const a = await account();
    const { application, secret } = await createApplication(db.ctx(), { accountId: a.account.id, name: "Second", scopes: ["sms"] });
    const other = bearer((await issueToken(db.ctx(), { clientId: application.id, clientSecret: secret, grantType: "client_credentials", scope: undefined })).access_token);
    const body = { from: "Shop", to: "+306912345678", body: "Hello" };
    const mine = await send(a.auth, body, "shared-key");
    const theirs = await send(other, body, "shared-key");
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.trackingId).not.toBe(mine.body.trackingId);
    expect(await messages(a.account.id)).toBe(2);
  });

  it("stores nothing for requests without the header", async () => {
    const a = await account();
    await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello" });
    await send(a.auth, { from: "Shop", to: "+306912345678", body: "Hello" });
    expect(await messages(a.account.id)).toBe(2);
    expect(await storedKeys(a.application.id)).toBe(0);
  });

  it("forgets keys after 24 hours, and lets a retry take over a key whose request died", async () => {
    const a = await account();
    const body = { from: "Shop", to: "+306912345678", body: "Hello" };
    await send(a.auth, body, "old");
    await send(a.auth, body, "recent");
    await db.ctx().sql.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE application_id = $1 AND key = 'old'", [a.application.id]);
    // Expired but not yet pruned: a new request.
    const again = await send(a.auth, body, "old");
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await messages(a.account.id)).toBe(3);
    await db.ctx().sql.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE application_id = $1 AND key = 'old'", [a.application.id]);
    expect(await pruneIdempotencyKeys(db.ctx())).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(a.application.id)).toBe(1);

    // A claim whose request never answered (its process was killed) is locked for two minutes.
    await db.ctx().sql.query("UPDATE idempotency_keys SET status = NULL, body = NULL, locked_at = now() - interval '1 minute' WHERE key = 'recent'");
    expect((await send(a.auth, body, "recent")).status).toBe(409);
    await db.ctx().sql.query("UPDATE idempotency_keys SET locked_at = now() - interval '3 minutes' WHERE key = 'recent'");
    const taken = await send(a.auth, body, "recent");
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
  });

  it("releases the key when the request fails with a 5xx, so a retry runs again", async () => {
    const a = await account();
    const claim = { applicationId: a.application.id, key: "flaky", method: "POST", route: "/sms", body: { n: 1 } };
    const failed = await idempotently(db.ctx(), claim, async () => json(500, { code: "500000000", developerMessage: "boom" }));
    expect(failed.status).toBe(500);
    let runs = 0;
    const retried = await idempotently(db.ctx(), claim, async () => {
      runs++;
      return json(200, { ok: true });
    });
    expect(retried.status).toBe(200);
    expect(runs).toBe(1);
    const replayed = await idempotently(db.ctx(), claim, async () => {
      runs++;
      return json(200, { ok: false });
    });
    expect(await replayed.json()).toEqual({ ok: true });
    expect(runs).toBe(1);
  });
});

describe("Idempotency-Key on POST /api/sms/campaign", () => {
  it("creates one campaign for a retried request", async () => {
    const a = await account(100);
    const body = { from: "Shop", body: "Sale today", to: ["+306912345678", "+306912345679"], campaignName: "Retry safe" };
    const create = () => call(campaignRoute, { method: "POST", path: "/sms/campaign", headers: { ...a.auth, "idempotency-key": "camp-1" }, body });
    const first = await create();
    expect(first.status).toBe(200);
    const retry = await create();
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.trackingId).toBe(first.body.trackingId);
    expect(retry.text).toBe(first.text);
    expect(await db.ctx().db.campaign.count({ where: { accountId: a.account.id } })).toBe(1);
    // The same key on the other endpoint is another request.
    const onSms = await send(a.auth, { from: "Shop", to: "+306912345678", body: "Sale today" }, "camp-1");
    expect(onSms.status).toBe(422);
  });
});
