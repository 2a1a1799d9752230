// Email click links: only a link the platform signed into an email redirects (a link's id alone,
// or with a forged signature, is a 404), and one client address gets a limited number of /t/
// visits per second (429 with Retry-After), counted by its real address: X-Forwarded-For from
// an untrusted peer does not change who it is.
import { describe, expect, it } from "vitest";
import { GET as click } from "../../app/t/c/[token]/route.ts";
import { GET as pixel } from "../../app/t/o/[token]/route.ts";
import { VISITS_PER_SECOND } from "../../app/t/visitor.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { sendEmail } from "../../lib/core/email/send-email.ts";
import { clickToken } from "../../lib/core/email/click-token.ts";
import { env } from "../../lib/env.ts";

const db = useTestDatabase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function emailWithLink() {
  const a = await makeAccount(db.ctx());
  const body = { from: { address: "news@shop.example" }, to: [{ address: "ada@example.com" }], subject: "Hi", content: { html: `<a href="https://shop.example/offer">Offer</a>` } };
  const sent = await sendEmail(db.ctx(), { accountId: a.account.id, body: body as never });
  const email = await db.ctx().db.email.findUniqueOrThrow({ where: { id: sent.trackingId }, include: { links: true } });
  return { email, link: email.links[0]! };
}

const visit = (token: string, ip: string) => click(new Request(`http://localhost:3999/t/c/${token}`, { headers: { "x-forwarded-for": ip } }), { params: Promise.resolve({ token }) });

describe("a tracked link", () => {
  it("redirects only with the platform's signature, as written into the email", async () => {
    const { email, link } = await emailWithLink();
    const token = clickToken(env().AUTH_SECRET, link.id);
    expect(email.html).toContain(`/t/c/${token}`);
    const ok = await visit(token, "198.51.100.20");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("https://shop.example/offer");
    // The last character of the signature changed (to "x", or to "y" when it is an "x": once in 64 signatures).
    const signed = token.split(".")[1]!;
    const lastChanged = `${signed.slice(0, -1)}${signed.endsWith("x") ? "y" : "x"}`;
    for (const forged of [link.id, `${link.id}.`, `${link.id}.AAAAAAAAAAAAAAAAAAAAAA`, `${link.id}.${lastChanged}`]) {
      const r = await visit(forged, "198.51.100.20");
      expect(r.status, forged).toBe(404);
      expect(r.headers.get("location")).toBeNull();
    }
  });

  it(`takes at most ${VISITS_PER_SECOND} visits a second from one address, whatever X-Forwarded-For it adds`, async () => {
    const { link } = await emailWithLink();
    const token = clickToken(env().AUTH_SECRET, link.id);
    const left = 1000 - (Date.now() % 1000);
    if (left < 800) await sleep(left + 5);
    // The server appends the peer's address last (lib/server/peer-address.ts); what comes before is the client's own writing.
    const answers = await Promise.all(Array.from({ length: VISITS_PER_SECOND + 5 }, (_, i) => visit(token, `10.9.${i}.1, 203.0.113.77`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(VISITS_PER_SECOND);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another address is not held up; the pixel still answers its GIF when over.
    expect((await visit(token, "203.0.113.78")).status).toBe(302);
    const gif = await pixel(new Request("http://localhost:3999/t/o/x", { headers: { "x-forwarded-for": "203.0.113.77" } }), { params: Promise.resolve({ token: "x" }) });
    expect(gif.headers.get("content-type")).toBe("image/gif");
  });
});
