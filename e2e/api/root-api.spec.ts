// What Routee's client libraries do that only a real server shows: the API at the host root
// (base_url = auth_url = http://host:port) for Bearer requests and /oauth/token, the dashboard
// still at its paths, and paths with an empty segment answered rather than redirected.
import http from "node:http";
import { test, expect } from "../fixtures/test";

/** A request with its path sent exactly as written (fetch and Playwright would resolve `//api`). */
function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string; location?: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path, headers }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
      })
      .on("error", reject);
  });
}

test.describe("the API at the host root", () => {
  test("answers /oauth/token and, with a Bearer token, every API path at the root as under /api", async ({ request, demo }) => {
    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const t = await request.post("/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials" } });
    expect(t.status()).toBe(200);
    const auth = { Authorization: `Bearer ${(await t.json()).access_token}` };
    expect((await request.post("/oauth/token/", { headers: { Authorization: basic }, form: { grant_type: "client_credentials" } })).status()).toBe(200);

    for (const path of ["/groups/my", "/system/prices", "/sms/quietHours/countries/en", "/accounts/me/balance", "/accounts/me/transactions/"]) {
      const root = await request.get(path, { headers: auth });
      expect(root.status(), path).toBe(200);
      expect(root.headers()["content-type"], path).toContain("application/json");
      const api = await request.get(`/api${path}`, { headers: auth });
      expect(await root.json(), path).toEqual(await api.json());
    }
    const sent = await request.post("/sms", { headers: auth, data: { from: "Root", to: "+306912345670", body: "at the root" } });
    expect(sent.status()).toBe(200);
    expect((await sent.json()).status).toBe("Queued");
    // An unknown path at the root is the API's 404 envelope for a Bearer request.
    const unknown = await request.get("/no/such/thing", { headers: auth });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).code).toBe("404000000");
  });

  test("leaves the dashboard's pages where they are for browsers (no Bearer token)", async ({ request }) => {
    const page = await request.get("/login");
    expect(page.status()).toBe(200);
    expect(page.headers()["content-type"]).toContain("text/html");
    const contacts = await request.get("/contacts", { maxRedirects: 0 });
    expect(contacts.headers()["content-type"] ?? "").not.toContain("application/json");
  });
});

test.describe("paths with an empty segment", () => {
  test("are answered as if the segment were absent, never with a redirect", async ({ baseURL, request, demo }) => {
    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials" } })).json()).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const doubled = await rawGet(baseURL!, "//api/groups/my", auth);
    expect(doubled.status).toBe(200);
    expect(doubled.location).toBeUndefined();
    expect(Array.isArray(JSON.parse(doubled.body))).toBe(true);
    const inside = await rawGet(baseURL!, "/api/accounts/me//balance", auth);
    expect(inside.status).toBe(200);
    expect(JSON.parse(inside.body)).toHaveProperty("balance");
    // An empty {service}: routed as /contacts/my/blacklist/groups, an unknown service: the error envelope.
    const empty = await rawGet(baseURL!, "/api/contacts/my/blacklist//groups", auth);
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    expect(JSON.parse(empty.body)).toHaveProperty("developerMessage");
  });
});
