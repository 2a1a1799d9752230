// The committed TypeScript client is what the OpenAPI document generates now: a route spec that
// changed without `npm run client:generate` fails here.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateClientSchema, schemaFile } from "../../scripts/openapi/generate-client.ts";

describe("clients/typescript", () => {
  it("is generated from the current OpenAPI document (run npm run client:generate)", async () => {
    expect(fs.readFileSync(schemaFile, "utf8")).toBe(await generateClientSchema());
  });
});
