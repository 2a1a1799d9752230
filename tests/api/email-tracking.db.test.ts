// Transactional email end to end: sent over SMTP to the bundled sink, links rewritten and one
// pixel added (or, with tracking off, the HTML byte for byte as given); the pixel and a link
// fetched over real HTTP are recorded and reach the eventCallback URLs.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendEmailRoute } from "../../app/api/transactional-email/route.ts";
import { GET as pixel } from "../../app/t/o/[token]/route.ts";
import { GET as click } from "../../app/t/c/[token]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { startSmtpSink, type SmtpSink } from "../../lib/providers/smtp/sink.ts";
import { setSmtpUrl } from "../../lib/server/services.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database());
let sink: SmtpSink;
// The /t routes behind a real HTTP server, so the pixel and the links are fetched as a mail client would.
let tracker: http.Server;
let trackerUrl = "";
beforeAll(async () => {
  sink = await startSmtpSink(db.database(), { port: 0 });
  setSmtpUrl(sink.url);
  tracker = http.createServer(async (req, res) => {
    const m = /^\/t\/([oc])\/([^/?]+)/.exec(req.url ?? "");
    if (!m) return void res.writeHead(404).end();
    const request = new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> });
    const answer = await (m[1] === "o" ? pixel : click)(request, { params: Promise.resolve({ token: m[2]! }) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => tracker.listen(0, "127.0.0.1", r));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setSmtpUrl(undefined);
  await sink?.close();
  await new Promise((r) => tracker?.close(r));
});

const html = `<!DOCTYPE html>\r\n<html><head><title>Hi</title></head><body>\n<p>Hello &amp; welcome — ✓ 😀</p>\n<a href="https://shop.example/a?x=1&amp;y=2">One</a>\n<A class="btn" HREF='http://shop.example/b'>Two</A>\n<a href=https://shop.example/c>Three</a>\n</body></html>\n`;

async function sendAs(auth: Record<string, string>, extra: object = {}) {
  const r = await call(sendEmailRoute, {
    method: "POST",
    path: "/transactional-email",
    headers: auth,
    body: { from: { address: "news@shop.example" }, to: [{ address: "ada@example.com" }], subject: "Welcome", content: { html }, ...extra },
  });
  return r;
}

const captured = (emailId: string) =>
  eventually(
    () => db.ctx().db.smtpSinkMessage.findFirst({ where: { emailId } }),
    (m) => m !== null,
    15_000,
  ).then((m) => m!);

// Tracking URLs are made on PUBLIC_URL; the test fetches them from its own server.
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, trackerUrl);

describe("transactional email", () => {
  it("rewrites every link and adds one pixel; the pixel and a link, fetched over HTTP, are logged and reach eventCallback", async () => {
    const a = await makeAccount(db.ctx());
    const auth = bearer(await a.token());
    const r = await sendAs(auth, {
      callback: { eventCallback: { onOpen: messaging.receiverUrl("/email-open"), onClick: messaging.receiverUrl("/email-click") } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "Queued", trackLinks: true, trackOpens: true, trackedLinks: 3 });
    const mail = await captured(r.body.trackingId);
    expect(mail.rcptTo).toEqual(["ada@example.com"]);
    expect(mail.subject).toBe("Welcome");
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/gi)].map((x) => x[1]!);
    expect(hrefs).toHaveLength(3);
    // The link's id and its signature (lib/core/email/click-token.ts).
    for (const h of hrefs) expect(h).toMatch(/^http:\/\/localhost:3999\/t\/c\/[0-9a-f-]{36}\.[\w-]{22}$/);
    expect(mail.html).not.toContain("shop.example");
    const pixels = [...mail.html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((x) => x[1]!);
    expect(pixels).toEqual([`http://localhost:3999/t/o/${r.body.trackingId}`]);
    expect(mail.html.indexOf("<img")).toBeLessThan(mail.html.indexOf("</body>"));

    const opened = await fetch(local(pixels[0]!), { headers: { "user-agent": "TestMail/1.0" } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("image/gif");
    const followed = await fetch(local(hrefs[1]!), { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("http://shop.example/b");
    const first = await fetch(local(hrefs[0]!), { redirect: "manual" });
    expect(first.headers.get("location")).toBe("https://shop.example/a?x=1&y=2");

    const events = await db.ctx().db.emailEvent.findMany({ where: { emailId: r.body.trackingId }, orderBy: { at: "asc" } });
    expect(events.map((e) => [e.kind, e.url])).toEqual([
      ["open", ""],
      ["click", "http://shop.example/b"],
      ["click", "https://shop.example/a?x=1&y=2"],
    ]);
    expect(events[0]!.userAgent).toBe("TestMail/1.0");
    const opens = await eventually(
      async () => messaging.received.filter((x) => x.path === "/email-open"),
      (x) => x.length === 1,
    );
    expect(opens[0]!.body).toMatchObject({ trackingId: r.body.trackingId, event: "open", to: ["ada@example.com"] });
    expect(opens[0]!.headers["webhook-signature"]).toMatch(/^v1,/);
    const clicks = await eventually(
      async () => messaging.received.filter((x) => x.path === "/email-click"),
      (x) => x.length === 2,
    );
    expect(clicks.map((c) => c.body.url).sort()).toEqual(["http://shop.example/b", "https://shop.example/a?x=1&y=2"]);
  });

  it("sends the HTML byte for byte as given when neither links nor opens are tracked", async () => {
    const a = await makeAccount(db.ctx());
    const r = await sendAs(bearer(await a.token()), { trackLinks: false, trackOpens: false });
    expect(r.body).toMatchObject({ trackLinks: false, trackOpens: false, trackedLinks: 0 });
    const mail = await captured(r.body.trackingId);
    expect(mail.html).toBe(html);
    expect(Buffer.from(mail.html).equals(Buffer.from(html))).toBe(true);
  });

  it("records opens without any callback, and tracks only what is asked", async () => {
    const a = await makeAccount(db.ctx());
    const r = await sendAs(bearer(await a.token()), { trackLinks: false });
    const mail = await captured(r.body.trackingId);
    expect(mail.html).toContain(`href="https://shop.example/a?x=1&amp;y=2"`);
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    await fetch(`${trackerUrl}/t/o/${r.body.trackingId}`);
    const e = await db.ctx().db.email.findUniqueOrThrow({ where: { id: r.body.trackingId } });
    expect(e.opens).toBe(1);
  });

  it("never redirects a tracking URL that is not a link of an email", async () => {
    for (const token of ["3f1c2a4e-0000-4000-8000-000000000000", "not-a-token", encodeURIComponent("https://evil.example/")]) {
      const res = await fetch(`${trackerUrl}/t/c/${token}`, { redirect: "manual" });
      expect(res.status).toBe(404);
      expect(res.headers.get("location")).toBeNull();
    }
    const res = await fetch(`${trackerUrl}/t/c/3f1c2a4e-0000-4000-8000-000000000000?url=https://evil.example/`, { redirect: "manual" });
    expect(res.status).toBe(404);
  });

  it("refuses bad input with 4xx envelopes", async () => {
    const a = await makeAccount(db.ctx());
    const auth = bearer(await a.token());
    const bad = async (body: unknown, property: string) => {
      const r = await call(sendEmailRoute, { method: "POST", path: "/transactional-email", headers: auth, body });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("400000000");
      expect(r.body.property).toBe(property);
    };
    const ok = { from: { address: "a@b.example" }, to: [{ address: "c@d.example" }], subject: "s", content: { html: "<p>x</p>" } };
    await bad({ ...ok, from: { address: "nope" } }, "from.address");
    await bad({ ...ok, to: [] }, "to");
    await bad({ ...ok, subject: "" }, "subject");
    await bad({ ...ok, content: {} }, "content.html");
    await bad({ ...ok, trackLinks: "sometimes" }, "trackLinks");
    await bad({ ...ok, attachments: [{ filename: "a.txt", content: "!!!" }] }, "attachments.0.content");
    const unauth = await call(sendEmailRoute, { method: "POST", path: "/transactional-email", body: ok });
    expect(unauth.status).toBe(401);
  });
});
