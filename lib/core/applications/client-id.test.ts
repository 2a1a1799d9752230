import { describe, expect, it } from "vitest";
import { applicationUuid, clientIdOf, newApplicationId, newApplicationSecret } from "./client-id.ts";

describe("application ids", () => {
  it("gives new applications a 24-hex id that is their uuid written short", () => {
    const { uuid, clientId } = newApplicationId();
    expect(clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(applicationUuid(clientId)).toBe(uuid);
    expect(applicationUuid(clientId.toUpperCase())).toBe(uuid);
    expect(clientIdOf(uuid)).toBe(clientId);
  });

  it("keeps an older application's random uuid as its id", () => {
    const old = "3f1c2a9e-7b4d-4e2f-9a1b-0c2d3e4f5a6b";
    expect(clientIdOf(old)).toBe(old);
    expect(applicationUuid(old)).toBe(old);
    expect(applicationUuid(old.toUpperCase())).toBe(old);
  });

  it("names nothing for other text", () => {
    for (const id of ["", "x", "0123456789abcdef0123456", "0123456789abcdef012345678", "g123456789abcdef01234567", "not-a-uuid-at-all"]) expect(applicationUuid(id)).toBeNull();
  });

  it("makes id:secret fit in 45 characters, the longest Base64.encode64 keeps on one line, with a secret of at least 119 bits", () => {
    const { clientId } = newApplicationId();
    const secret = newApplicationSecret();
    expect(secret).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(`${clientId}:${secret}`.length).toBeLessThanOrEqual(45);
    expect(secret.length * Math.log2(62)).toBeGreaterThanOrEqual(119);
    expect(Buffer.from(`${clientId}:${secret}`).toString("base64").length).toBeLessThanOrEqual(60);
    const many = new Set(Array.from({ length: 1000 }, () => newApplicationSecret()));
    expect(many.size).toBe(1000);
  });
});
