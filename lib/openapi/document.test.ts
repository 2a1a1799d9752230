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

  it("says what the server requires and the real bounds of loosely typed fields (not ±2^53)", () => {
    const step = doc.paths["/otp/send-failover"].post.requestBody.content["application/json"].schema.properties.flow.items;
    expect(step.required).toEqual(["type", "to", "order", "ttl"]);
    expect(step.properties.order).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(step.properties.ttl).toMatchObject({ type: "integer", minimum: 1, maximum: 259_200 });
    const twoStep = doc.paths["/2step"].post.requestBody.content["application/json"].schema;
    expect(twoStep.required).toEqual(["method", "type", "recipient"]);
    expect(twoStep.properties.digits).toMatchObject({ type: "integer", minimum: 4, maximum: 10 });
    const requests = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => [op.parameters, op.requestBody]));
    expect(JSON.stringify(requests)).not.toContain("9007199254740991");
  });
});
