// The OpenAPI document passes Redocly's OpenAPI 3.1 linter (its recommended rules) with no error
// and no warning, as served (GET /api/openapi.json).
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/openapi/document.ts";

describe("the OpenAPI document", () => {
  it("passes the OpenAPI 3.1 linter's recommended rules", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const source = JSON.stringify(openApiDocument("https://switchboard.test/api"));
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`)).toEqual([]);
  });
});
