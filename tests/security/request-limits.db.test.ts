// Limits every request meets in the route wrapper: bodies over the endpoint's size (1 MiB unless
// it needs more) are a 413 read no further than the limit; JSON nested deeper than 64 levels is
// a 400 before it is parsed; a page size over an endpoint's maximum is a 400 on every paged
// endpoint; more than 30,000 numbers in a campaign's `to` is the spec's validation error.
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "../../app/api/sms/route.ts";
import { POST as campaignRoute } from "../../app/api/sms/campaign/route.ts";
import { POST as analyzeCampaignRoute } from "../../app/api/sms/analyze/campaign/route.ts";
import { PUT as updateCampaignRoute } from "../../app/api/sms/[trackingId]/route.ts";
import * as apps from "../../app/api/dashboard/applications/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type RouteHandler } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { apiRoutes, envelopeProblem, routeSpecsByKey, type Verb } from "./api-routes.ts";

const db = useTestDatabase();
const MiB = 1024 * 1024;
let a: Awaited<ReturnType<typeof makeAccount>>;
let auth: Record<string, string>;
let cookie: Record<string, string>;

beforeAll(async () => {
  await seedPrices(db.ctx());
  a = await makeAccount(db.ctx(), { balance: 5000 });
  auth = bearer(await a.token());
  // Also a platform administrator: the operator console's paged routes are checked too.
  await db.ctx().db.user.update({ where: { id: a.user.id }, data: { platformAdmin: true } });
  cookie = { cookie: await sessionCookie(a.user.id) };
});

/** A body of `total` bytes handed out in 64 KiB chunks as they are read; counts what was read. */
function streamedBody(total: number, prefix = '{"body": "') {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(new TextEncoder().encode(prefix));
          sent += prefix.length;
        } else if (sent >= total) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        }
      },
    },
    { highWaterMark: 0 }, // nothing is produced before it is read
  );
  return { stream, read: () => sent };
}

async function post(handler: RouteHandler, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const req = new Request(`http://localhost:3999/api${path}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const res = await handler(req, { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

describe("body size", () => {
  it("refuses a body over 1 MiB with 413, reading no more than the limit", async () => {
    const body = streamedBody(64 * MiB);
    const r = await post(sendRoute, "/sms", body.stream);
    expect(r.status).toBe(413);
    expect(envelopeProblem(r)).toBeNull();
    expect(r.body.code).toBe("413000000");
    expect(body.read()).toBeLessThan(1 * MiB + 3 * 64 * 1024);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const body = streamedBody(8 * MiB);
    const r = await post(sendRoute, "/sms", body.stream, { "content-length": String(8 * MiB) });
    expect(r.status).toBe(413);
    expect(body.read()).toBe(0);
  });

  it("allows the larger bodies an endpoint needs: a campaign takes up to 4 MiB", async () => {
    const padded = `{"from": "Shop", "body": "Sale", "to": ["+306912345678"]${" ".repeat(2 * MiB)}}`;
    expect((await post(campaignRoute, "/sms/campaign", padded)).status).toBe(200);
    expect((await post(sendRoute, "/sms", padded)).status).toBe(413);
    expect((await post(campaignRoute, "/sms/campaign", padded + " ".repeat(3 * MiB))).status).toBe(413);
  });
});

describe("JSON depth", () => {
  const nested = (depth: number) => `{"from": "Shop", "to": "+306912345678", "body": "x", "label": ${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

  it("refuses JSON nested deeper than 64 levels with 400 before parsing it", async () => {
    const r = await post(sendRoute, "/sms", nested(65));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400000003");
    expect(envelopeProblem(r)).toBeNull();
    // 64 levels are parsed and reach the schema, which refuses an array as a label.
    const ok = await post(sendRoute, "/sms", nested(64));
    expect(ok.body.code).toBe("400000000");
    expect(ok.body.properties).toHaveProperty("label");
  });

  it("answers a megabyte of brackets quickly, on API and dashboard routes alike", async () => {
    const started = performance.now();
    expect((await post(sendRoute, "/sms", "[".repeat(MiB - 10))).body.code).toBe("400000003");
    expect((await post(campaignRoute, "/sms/campaign", `{"fallbackValues":${'{"a":'.repeat(200_000)}`)).body.code).toBe("400000003");
    const dash = await post(apps.POST, "/dashboard/applications", `{"name":${"[".repeat(1000)}`, cookie);
    expect(dash.body.code).toBe("400000003");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("does not count brackets inside strings", async () => {
    const r = await post(sendRoute, "/sms", JSON.stringify({ from: "Shop", to: "+306912345678", body: `[{"\\"[`.repeat(40) + "]".repeat(100) }));
    expect(r.status).toBe(200);
  });
});

describe("page size", () => {
  it("refuses a size over the maximum with 400 on every paged endpoint, and accepts the maximum", async () => {
    const specs = await routeSpecsByKey();
    const routes = await apiRoutes();
    const checked: string[] = [];
    for (const [key, spec] of specs) {
      if (!(spec.query instanceof z.ZodObject) || !("size" in spec.query.shape)) continue;
      const max = (z.toJSONSchema(spec.query, { io: "input", unrepresentable: "any" }) as unknown as { properties: { size: { maximum?: number } } }).properties.size.maximum;
      expect(max, `${key} declares its maximum page size`).toBeGreaterThan(0);
      const route = routes.find((r) => r.path === spec.path.replace(/\/+$/, ""));
      const handler = route?.handlers[spec.method as Verb];
      expect(handler, `a route file serves ${key}`).toBeTruthy();
      const headers = spec.auth === "session" ? cookie : auth;
      const params = Object.fromEntries(route!.params.map((p) => [p, crypto.randomUUID()]));
      const at = (size: number | string) => call(handler!, { method: spec.method, path: `${spec.path}?size=${size}`, headers, params, body: spec.body ? [] : undefined });
      const over = await at(max! + 1);
      expect(over.status, key).toBe(400);
      expect(envelopeProblem(over), key).toBeNull();
      expect(over.body.property, key).toBe("size");
      const atMax = await at(max!);
      expect(atMax.status, key).toBeLessThan(500);
      expect(atMax.body?.property, key).not.toBe("size");
      const absurd = await at(`1${"0".repeat(30)}`);
      expect(absurd.status, key).toBe(400);
      checked.push(key);
    }
    expect(checked).toEqual(expect.arrayContaining(["GET /sms/tracking/campaign/{campaignTrackingId}", "POST /sms/tracking", "GET /contacts/my", "GET /numbers/my"]));
  });
});

describe("campaign recipients", () => {
  const to = (n: number) => Array.from({ length: n }, (_, i) => `+3069${String(10_000_000 + i)}`);

  it("refuses 30,001 numbers in to on create, analyse and update, and takes 30,000 in an analysis", async () => {
    const body = (n: number) => JSON.stringify({ from: "Shop", body: "Hi", to: to(n) });
    const campaigns = () => db.ctx().db.campaign.count({ where: { accountId: a.account.id } });
    const before = await campaigns();
    for (const [handler, path] of [
      [campaignRoute, "/sms/campaign"],
      [analyzeCampaignRoute, "/sms/analyze/campaign"],
    ] as const) {
      const r = await post(handler, path, body(30_001));
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe("400000000");
      expect(r.body.property, path).toBe("to");
    }
    const scheduled = await post(campaignRoute, "/sms/campaign", JSON.stringify({ from: "Shop", body: "Hi", to: to(1), scheduledDate: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(scheduled.status).toBe(200);
    const id = scheduled.body.trackingId;
    const req = new Request(`http://localhost:3999/api/sms/${id}`, { method: "PUT", headers: { ...auth, "content-type": "application/json" }, body: body(30_001) });
    const updated = await updateCampaignRoute(req, { params: Promise.resolve({ trackingId: id }) });
    expect(updated.status).toBe(400);
    expect((await updated.json()).property).toBe("to");
    expect(await campaigns()).toBe(before + 1);
    expect((await db.ctx().db.campaign.findUniqueOrThrow({ where: { id } })).state).toBe("Scheduled");
    const analysed = await post(analyzeCampaignRoute, "/sms/analyze/campaign", body(30_000));
    expect(analysed.status, analysed.text.slice(0, 300)).toBe(200);
    expect(analysed.body.numberOfRecipients).toBe(30_000);
  });
});

describe("NUL characters", () => {
  it("refuses them in query strings, path segments and bodies with 400 before they reach the database", async () => {
    const { GET: exportRoute } = await import("../../app/api/dashboard/tracking/export/route.ts");
    const { GET: singleRoute } = await import("../../app/api/sms/tracking/single/[trackingId]/route.ts");
    const q = await call(exportRoute, { path: "/dashboard/tracking/export?detailedStatus=%00", headers: cookie });
    expect(q.status).toBe(400);
    expect(q.body).toMatchObject({ code: "400000000", property: "detailedStatus" });
    const p = await call(singleRoute, { path: "/sms/tracking/single/%00", headers: auth, params: { trackingId: "\0" } });
    expect(p.status).toBe(400);
    expect(p.body.property).toBe("trackingId");
    const b = await post(sendRoute, "/sms", JSON.stringify({ from: "Shop", to: "+306912345678", body: "a\u0000b" }));
    expect(b.status).toBe(400);
    expect(envelopeProblem(b)).toBeNull();
    // An escaped backslash before "u0000" is no NUL.
    expect((await post(sendRoute, "/sms", JSON.stringify({ from: "Shop", to: "+306912345678", body: "C:\\u0000" }))).status).toBe(200);
  });
});
