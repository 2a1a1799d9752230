// What Routee's client libraries do that only a real server shows: the API at the host root
// (base_url = auth_url = http://host:port) for Bearer requests and /oauth/token, the dashboard
// still at its paths, and paths with an empty segment answered rather than redirected.
import http from "node:http";
import { test, expect } from "../fixtures/test";
import { basicOf, switchboardClient, tokenFor } from "../fixtures/api";

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
  test("answers /oauth/token and, with a Bearer token, every API path at the root as under /api", async ({ request, baseURL, demo }) => {
    // A client whose base_url and auth_url are the host alone, as the Ruby library builds them.
    const token = await tokenFor(baseURL!, demo);
    const root = switchboardClient(baseURL!, token);
    const api = switchboardClient(`${baseURL}/api`, token);
    const pairs = [
      [await root.GET("/groups/my"), await api.GET("/groups/my")],
      [await root.GET("/system/prices"), await api.GET("/system/prices")],
      [
        await root.GET("/sms/quietHours/countries/{language}", { params: { path: { language: "en" } } }),
        await api.GET("/sms/quietHours/countries/{language}", { params: { path: { language: "en" } } }),
      ],
      [await root.GET("/accounts/me/balance"), await api.GET("/accounts/me/balance")],
    ] as const;
    for (const [r, a] of pairs) {
      expect(r.response.status, r.response.url).toBe(200);
      expect(r.response.headers.get("content-type"), r.response.url).toContain("application/json");
      expect(r.data, r.response.url).toEqual(a.data);
    }
    const auth = { Authorization: `Bearer ${token}` };
    expect((await request.post("/oauth/token/", { headers: { Authorization: basicOf(demo) }, form: { grant_type: "client_credentials" } })).status()).toBe(200);
    expect((await request.get("/accounts/me/transactions/", { headers: auth })).status()).toBe(200);
    const sent = await root.POST("/sms", { body: { from: "Root", to: "+306912345670", body: "at the root" } });
    expect(sent.response.status).toBe(200);
    expect(sent.data!.status).toBe("Queued");
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
  test("are answered as if the segment were absent, never with a redirect", async ({ baseURL, demo }) => {
    const token = await tokenFor(`${baseURL}/api`, demo);
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
