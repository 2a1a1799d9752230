import { describe, expect, it } from "vitest";
import { openApiDocument, routeSpecs } from "./document.ts";

describe("OpenAPI document", () => {
  const doc = openApiDocument("http://localhost:3000/api") as any;

  it("describes every public route from its zod schemas, and no dashboard route", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const r of routeSpecs()) expect(doc.paths[r.path]?.[r.method.toLowerCase()]).toBeTruthy();
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/dashboard"))).toBe(false);
  });

  it("carries request fields, scopes and error codes", () => {
    const token = doc.paths["/oauth/token"].post;
    expect(Object.keys(token.requestBody.content["application/x-www-form-urlencoded"].schema.properties)).toEqual(expect.arrayContaining(["grant_type", "scope", "client_id", "client_secret"]));
    expect(token.responses["401"].description).toContain("401000001");
    const balance = doc.paths["/accounts/me/balance"].get;
    expect(balance.security).toEqual([{ bearer: ["account"] }]);
    expect(balance.responses["403"].description).toContain("403000000");
    const tx = doc.paths["/accounts/me/transactions"].get;
    expect(tx.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(["page", "size", "from", "to"]));
  });
});
