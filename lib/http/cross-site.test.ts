import { describe, expect, it } from "vitest";
import { crossSiteReason, isJsonType } from "./cross-site.ts";

const own = "http://localhost:3000";
const req = (method: string, headers: Record<string, string>) => new Request("http://localhost:3000/api/dashboard/users", { method, headers });

describe("cross-site changes", () => {
  it("lets the dashboard's own pages and clients that are not browsers change data", () => {
    expect(crossSiteReason(req("POST", { origin: own, "sec-fetch-site": "same-origin" }), own)).toBeNull();
    expect(crossSiteReason(req("DELETE", {}), own)).toBeNull();
    // The dashboard opened by another name of the same server.
    expect(crossSiteReason(req("POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" }), own)).toBeNull();
  });

  it("refuses another port, a subdomain, another site and opaque origins", () => {
    for (const origin of ["http://localhost:3001", "http://evil.localhost:3000", "https://example.com", "null", "http://localhost:3000.evil.com"])
      expect(crossSiteReason(req("POST", { origin, host: "localhost:3000" }), own), origin).toMatch(/sent by/);
    for (const site of ["same-site", "cross-site", "none"]) expect(crossSiteReason(req("PATCH", { "sec-fetch-site": site }), own), site).toMatch(/another site/);
  });

  it("lets any page read (reads are not changes; CORS keeps the answer from it)", () => {
    expect(crossSiteReason(req("GET", { origin: "https://example.com", "sec-fetch-site": "cross-site" }), own)).toBeNull();
  });

  it("knows JSON from what a form or a no-cors fetch can send", () => {
    expect(isJsonType("application/json")).toBe(true);
    expect(isJsonType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonType("application/merge-patch+json")).toBe(true);
    for (const t of ["text/plain", "text/plain; x=json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=json", ""]) expect(isJsonType(t), t).toBe(false);
  });
});
