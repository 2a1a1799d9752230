// Short links in SMS (issue 21) end to end: a campaign to 1,000 recipients with two links, whose
// texts at the SMSC simulator each hold their own short links; a real HTTP client follows a
// sample of them, spread over the recipients, to the original pages; a messenger's prefetch and a
// HEAD are not counted; the campaign counts the clicks, and the "clicked" group holds exactly the
// clickers. Then POST /sms and the analyses with trackLinks (parts and charge of the shortened
// text), unknown codes, and the click callback; and the links' lifetimes: the platform's and a
// request's or campaign's own, the expired page, and the retention run.
//
// The simulator sends no delivery receipts here (nothing below is about them): on PGlite, in this
// one process, 1,000 receipts cost as much as the campaign itself.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as follow, HEAD as peek } from "../../app/l/[code]/route.ts";
import { POST as send } from "../../app/api/sms/route.ts";
import { POST as analyzeSms } from "../../app/api/sms/analyze/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { campaignApi } from "../support/campaign-api.ts";
import { call } from "../support/http.ts";
import { flushClicks } from "../../lib/core/links/click-writer.ts";
import { groupClickers } from "../../lib/core/links/group-clickers.ts";
import { exploreTracking } from "../../lib/core/tracking/explore-tracking.ts";
import { GET as trackSingle } from "../../app/api/sms/tracking/single/[trackingId]/route.ts";
import { followLink } from "../../lib/core/links/follow-link.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { pruneExpired } from "../../lib/core/retention/prune-expired.ts";
import { contextFor } from "../../lib/server/context.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 3_600_000 });
const { owner, create, analyze, get, numbers } = campaignApi(db);

// The redirect behind a real HTTP server, and the shop the links lead to.
let redirector: http.Server;
let redirectUrl = "";
let shop: http.Server;
let shopUrl = "";
const shopVisits: string[] = [];
beforeAll(async () => {
  redirector = http.createServer(async (req, res) => {
    const m = /^\/l\/([^/?]+)$/.exec(req.url ?? "");
    if (!m) return void res.writeHead(404).end();
    const request = new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
    const answer = await (req.method === "HEAD" ? peek : follow)(request, { params: Promise.resolve({ code: m[1]! }) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  shop = http.createServer((req, res) => {
    shopVisits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" }).end(`shop page ${req.url}`);
  });
  await Promise.all([new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r)), new Promise<void>((r) => shop.listen(0, "127.0.0.1", r))]);
  redirectUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/l`;
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([new Promise((r) => redirector?.close(r)), new Promise((r) => shop?.close(r))]);
});

const base = () => db.ctx().config.shortLinkBase;
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const shortLinksIn = (text: string) => [...text.matchAll(new RegExp(`${escaped(base())}/([0-9A-Za-z]{8})`, "g"))].map((m) => m[1]!);
/** What a phone does with a short link: a real HTTP GET, following the redirect. */
/** Resolves once every recipient's message is stored and handed to the carrier (a light read, not the campaign's answer). */
const handedOver = (id: string) =>
  eventually(
    () => db.ctx().db.campaign.findUniqueOrThrow({ where: { id }, select: { state: true } }),
    (c) => c.state !== "Queued" && c.state !== "Running",
    120_000,
  );
/** Days from a short link's creation to its end. */
const lifetimeDays = async (code: string) => {
  const l = await db.ctx().db.shortLink.findUniqueOrThrow({ where: { code } });
  return (l.expiresAt.getTime() - l.createdAt.getTime()) / 86_400_000;
};
const open = (code: string, userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148") => fetch(`${redirectUrl}/${code}`, { headers: { "user-agent": userAgent } });

describe("a campaign with trackLinks", () => {
  it("gives 1,000 recipients their own links, which lead to the originals and are counted; the clicked group holds the clickers", async () => {
    const a = await owner(1000);
    const to = numbers(1000, "+3069");
    const body = `Spring sale, 30% off: ${shopUrl}/sale?from=sms and the FAQ at ${shopUrl}/faq. Reply STOP to opt out`;
    const created = await create(a.auth, { from: "LinkShop", body, to, trackLinks: true, campaignName: "Links spring" });
    expect(created.status).toBe(200);
    expect(created.body.trackLinks).toBe(true);
    expect(created.body.trackLinksTtlDays).toBe(db.ctx().config.shortLinkTtlDays);
    expect(created.body.smsAnalysis.bodyAnalysis.parts).toBe(1);
    const id = created.body.trackingId;
    expect((await handedOver(id)).state).toBe("Sent");

    const texts = new Map<string, string>();
    for (const s of messaging.simulator().received()) if (s.sourceAddr === "LinkShop") texts.set(s.destinationAddr.replace(/^\+?/, "+"), s.text);
    expect(texts.size).toBe(1000);
    const codes = new Map<string, string[]>();
    for (const [mobile, text] of texts) {
      const own = shortLinksIn(text);
      expect(own).toHaveLength(2);
      expect(text).toBe(`Spring sale, 30% off: ${base()}/${own[0]} and the FAQ at ${base()}/${own[1]}. Reply STOP to opt out`);
      codes.set(mobile, own);
    }
    expect(new Set([...codes.values()].flat()).size).toBe(2000);
    // The message in tracking holds the text the recipient got.
    const stored = await db.ctx().db.message.findFirstOrThrow({ where: { campaignId: id, to: to[0] } });
    expect(stored.body).toBe(texts.get(to[0]!));
    // Its links work for the platform's lifetime from when the message was stored.
    expect(await lifetimeDays(codes.get(to[0]!)![0]!)).toBe(db.ctx().config.shortLinkTtlDays);

    // 40 recipients spread over the campaign open the first link, 10 of them the second too, one
    // of them twice; at once, as phones would.
    const clickers = to.filter((_, i) => i % 25 === 7);
    expect(clickers).toHaveLength(40);
    const firsts = await Promise.all(clickers.map((mobile) => open(codes.get(mobile)![0]!)));
    for (const r of firsts) {
      expect(r.status).toBe(200);
      expect(r.url).toBe(`${shopUrl}/sale?from=sms`);
      expect(await r.text()).toBe("shop page /sale?from=sms");
    }
    const seconds = await Promise.all([...clickers.slice(0, 10), clickers[0]!].map((mobile) => open(codes.get(mobile)![1]!)));
    for (const r of seconds) expect(r.url).toBe(`${shopUrl}/faq`);
    // A messenger's link preview and a HEAD request are not clicks.
    const previewed = to[500]!;
    const preview = await open(codes.get(previewed)![0]!, "WhatsApp/2.24.6.77 A");
    expect(preview.status).toBe(200);
    expect((await fetch(`${redirectUrl}/${codes.get(previewed)![1]}`, { method: "HEAD", redirect: "manual" })).status).toBe(302);
    await flushClicks(db.ctx());

    const g = await get(a.auth, id);
    expect(g.body.clicks).toMatchObject({ total: 51, uniqueClickers: 40, prefetches: 2, clickThroughRate: 0.04 });
    expect(g.body.clicks.links).toEqual([
      { position: 0, url: `${shopUrl}/sale?from=sms`, clicks: 40, uniqueClickers: 40 },
      { position: 1, url: `${shopUrl}/faq`, clicks: 11, uniqueClickers: 10 },
    ]);

    // Tracking: the explorer's "clicked" filter finds the 40, and each record counts its clicks.
    const window = { accountId: a.account.id, from: new Date(Date.now() - 3_600_000), to: new Date(), sort: "createdAt" as const, dir: "desc" as const, page: 0, size: 100 };
    const yes = await exploreTracking(db.ctx(), { ...window, filters: [{ field: "clicked", op: "is", value: "yes" }] });
    expect(yes.total).toBe(40);
    expect(yes.rows.map((r) => r.to).sort()).toEqual([...clickers].sort());
    expect(yes.rows.find((r) => r.to === clickers[0])!.clicks).toBe(3);
    const no = await exploreTracking(db.ctx(), {
      ...window,
      filters: [
        { field: "clicked", op: "is", value: "no" },
        { field: "to", op: "is", value: previewed },
      ],
    });
    expect(no.rows.map((r) => [r.to, r.clicks])).toEqual([[previewed, 0]]);
    const single = await call(trackSingle, { path: `/sms/tracking/single/${yes.rows[0]!.trackingId}`, headers: a.auth, params: { trackingId: yes.rows[0]!.trackingId } });
    expect(single.body[0].clicks.count).toBeGreaterThan(0);
    expect(single.body[0].clicks.firstClickAt).toMatch(/^\d{4}-/);

    const clicked = await groupClickers(db.ctx(), a.account.id, { campaignId: id, name: "Clicked spring", clicked: true });
    expect(clicked.size).toBe(40);
    const members = await db.ctx().sql.query<{ mobile: string }>(`SELECT mobile FROM contacts WHERE account_id = $1 AND 'Clicked spring' = ANY(groups)`, [a.account.id]);
    expect(members.rows.map((r) => r.mobile).sort()).toEqual([...clickers].sort());
    await groupClickers(db.ctx(), a.account.id, { campaignId: id, name: "Not clicked spring", clicked: false });
    const others = await db
      .ctx()
      .sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE account_id = $1 AND 'Not clicked spring' = ANY(groups) AND NOT ('Clicked spring' = ANY(groups))`, [a.account.id]);
    expect(others.rows[0]!.n).toBe(960);
  }, 180_000);

  it("analyses the shortened text, and an unknown or malformed code gets the not-found page", async () => {
    const a = await owner(100);
    const long = `Our new collection is here, see it first: https://shop.example/collections/autumn-winter-2026/new-arrivals?utm_source=sms&utm_medium=text&id=12345678901234567890`;
    const plain = await analyze(a.auth, { from: "LinkShop", body: long, to: ["+306911111111"] });
    const short = await analyze(a.auth, { from: "LinkShop", body: long, to: ["+306911111111"], trackLinks: true });
    expect(plain.body.bodyAnalysis.parts).toBe(2);
    expect(short.body.bodyAnalysis.parts).toBe(1);
    expect(short.body.totalParts).toBe(1);
    expect(short.body.cost).toBeCloseTo(plain.body.cost / 2, 6);
    for (const code of ["zzzzzzzz", "short", "much-too-long-code"]) {
      const r = await fetch(`${redirectUrl}/${code}`, { redirect: "manual" });
      expect(r.status).toBe(404);
      expect(await r.text()).toContain("This link is not valid");
    }
  });
});

describe("POST /sms with trackLinks", () => {
  const sms = (auth: Record<string, string>, body: object) => call(send, { method: "POST", path: "/sms", headers: auth, body });

  it("sends, analyses and charges the shortened text, and reports a click to the callback", async () => {
    const a = await owner(100);
    const long = `Your parcel is on its way. Track it here: ${shopUrl}/track/parcel/0123456789abcdef0123456789abcdef?lang=en&notify=sms&ref=switchboard-test&campaign=autumn-2026-parcel-notifications`;
    const analysed = await call(analyzeSms, { method: "POST", path: "/sms/analyze", headers: a.auth, body: { from: "LinkShop", to: "+306912345678", body: long, trackLinks: true } });
    expect(analysed.body.bodyAnalysis.parts).toBe(1);
    const before = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    const r = await sms(a.auth, { from: "LinkShop", to: "+306912345678", body: long, trackLinks: true, callback: { url: messaging.receiverUrl("/clicks"), strategy: "OnCompletion" } });
    expect(r.status).toBe(200);
    expect(r.body.bodyAnalysis).toEqual(analysed.body.bodyAnalysis);
    const [code] = shortLinksIn(r.body.body);
    expect(r.body.body).toBe(`Your parcel is on its way. Track it here: ${base()}/${code}`);
    const after = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    const price = await db.ctx().db.price.findFirstOrThrow({ where: { iso: "GR", mnc: "", currency: "EUR" } });
    expect(before.balanceMicros - after.balanceMicros).toBe(price.priceMicros);
    await eventually(
      async () =>
        messaging
          .simulator()
          .received()
          .find((s) => s.text.includes(code!)),
      (s) => s !== undefined,
    );

    const opened = await open(code!);
    expect(opened.url).toBe(`${shopUrl}/track/parcel/0123456789abcdef0123456789abcdef?lang=en&notify=sms&ref=switchboard-test&campaign=autumn-2026-parcel-notifications`);
    await flushClicks(db.ctx());
    const report = await eventually(
      async () => messaging.received.find((c) => c.path === "/clicks" && c.body?.event === "click"),
      (c) => c !== undefined,
    );
    expect(report!.body).toMatchObject({ event: "click", messageId: r.body.trackingId, to: "+306912345678", url: opened.url });
    expect(report!.headers["webhook-signature"]).toMatch(/^v1,/);
  });

  it("accepts trackLinks on a body without http(s) links and changes nothing", async () => {
    const a = await owner(100);
    const text = "Call tel:+302101234567 or write to mailto:help@shop.example or see www.shop.example";
    const r = await sms(a.auth, { from: "LinkShop", to: "+306912345679", body: text, trackLinks: true });
    expect(r.status).toBe(200);
    expect(r.body.body).toBe(text);
    expect(await db.ctx().db.shortLink.count({ where: { messageId: r.body.trackingId } })).toBe(0);
  });
});

describe("short links expire", () => {
  const sms = (auth: Record<string, string>, body: object) => call(send, { method: "POST", path: "/sms", headers: auth, body });
  const DAY = 86_400_000;

  it("work for the request's or the campaign's own days, and refuse a lifetime out of range", async () => {
    const a = await owner(100);
    const r = await sms(a.auth, { from: "LinkShop", to: "+306912340001", body: `Your code page: ${shopUrl}/p/1`, trackLinks: true, trackLinksTtlDays: 7 });
    expect(r.status).toBe(200);
    expect(await lifetimeDays(shortLinksIn(r.body.body)[0]!)).toBe(7);

    const to = numbers(3, "+3069");
    const created = await create(a.auth, { from: "LinkShop", body: `Sale at ${shopUrl}/sale`, to, trackLinks: true, trackLinksTtlDays: 30, campaignName: "Links thirty days" });
    expect(created.status).toBe(200);
    expect(created.body.trackLinksTtlDays).toBe(30);
    await handedOver(created.body.trackingId);
    expect((await get(a.auth, created.body.trackingId)).body.trackLinksTtlDays).toBe(30);
    const links = await db.ctx().db.shortLink.findMany({ where: { campaignId: created.body.trackingId } });
    expect(links).toHaveLength(3);
    for (const l of links) expect(await lifetimeDays(l.code)).toBe(30);

    for (const bad of [0, 3651, "soon"]) {
      const refused = await sms(a.auth, { from: "LinkShop", to: "+306912340001", body: `See ${shopUrl}/p/2`, trackLinks: true, trackLinksTtlDays: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.property ?? refused.body.errors?.[0]?.property).toBe("trackLinksTtlDays");
    }
  });

  it("answer 410 with the expired page once past their end, also when the cache read them while they worked, and count no visit", async () => {
    const a = await owner(100);
    const r = await sms(a.auth, { from: "LinkShop", to: "+306912340002", body: `Track: ${shopUrl}/t/2`, trackLinks: true });
    const [code] = shortLinksIn(r.body.body);
    // Read (and cached) while it works; a minute before its end, then a minute after.
    const end = (await db.ctx().db.shortLink.findUniqueOrThrow({ where: { code: code! } })).expiresAt.getTime();
    const visit = { method: "GET", ip: "192.0.2.1", userAgent: "Mozilla/5.0 (iPhone)", country: "" };
    expect(
      await followLink(
        contextFor(db.database(), () => new Date(end - 60_000)),
        code!,
        visit,
      ),
    ).toEqual({ kind: "redirect", url: `${shopUrl}/t/2` });
    expect(
      await followLink(
        contextFor(db.database(), () => new Date(end + 60_000)),
        code!,
        visit,
      ),
    ).toEqual({ kind: "expired" });
    await flushClicks(db.ctx());
    expect((await db.ctx().db.shortLink.findUniqueOrThrow({ where: { code: code! } })).clicks).toBe(1);

    // Through HTTP: a link that has ended answers 410 Gone with a page that says so.
    const other = await sms(a.auth, { from: "LinkShop", to: "+306912340003", body: `Track: ${shopUrl}/t/3`, trackLinks: true });
    const [gone] = shortLinksIn(other.body.body);
    await db.ctx().db.shortLink.update({ where: { code: gone! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await fetch(`${redirectUrl}/${gone}`, { redirect: "manual" });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This link has expired");
    expect((await fetch(`${redirectUrl}/${gone}`, { method: "HEAD", redirect: "manual" })).status).toBe(410);
    await flushClicks(db.ctx());
    expect(await db.ctx().db.linkClick.count({ where: { code: gone! } })).toBe(0);
  });

  it("are deleted with their clicks by the retention run once expired and older than the account's window; a link still working stays", async () => {
    const a = await owner(100);
    const now = Date.now();
    const past = contextFor(db.database(), () => new Date(now - (db.ctx().config.retentionDays + 10) * DAY));
    const send = (to: string, trackLinksTtlDays: number) => sendSms(past, { accountId: a.account.id, from: "LinkShop", to, body: `Old offer ${shopUrl}/old`, trackLinks: true, trackLinksTtlDays });
    const ended = (await send("+306912340004", 1)).message;
    const working = (await send("+306912340005", 3650)).message;
    const [endedLink] = await db.ctx().db.shortLink.findMany({ where: { messageId: ended.id } });
    await db
      .ctx()
      .sql.query(`INSERT INTO link_clicks (code, message_id, account_id, at, user_agent) VALUES ($1, $2::uuid, $3::uuid, $4, 'Mozilla/5.0')`, [
        endedLink!.code,
        ended.id,
        a.account.id,
        endedLink!.createdAt,
      ]);

    const pruned = await pruneExpired(
      contextFor(db.database(), () => new Date(now)),
      { pauseMs: 0 },
    );
    expect(pruned.shortLinks).toBe(1);
    expect(await db.ctx().db.shortLink.count({ where: { messageId: ended.id } })).toBe(0);
    expect(await db.ctx().db.linkClick.count({ where: { messageId: ended.id } })).toBe(0);
    const kept = await db.ctx().db.shortLink.findFirstOrThrow({ where: { messageId: working.id } });
    expect(await followLink(db.ctx(), kept.code, { method: "HEAD", ip: "", userAgent: "", country: "" })).toEqual({ kind: "redirect", url: `${shopUrl}/old` });
  });
});
