import { describe, expect, it } from "vitest";
import { allScopes, isScope, permissionsFor, splitScopes } from "./scopes.ts";

describe("scopes", () => {
  it("knows the spec's twelve scopes, and Switchboard's webhooks and audit, with their permissions", () => {
    expect(allScopes).toHaveLength(14);
    expect(permissionsFor(["webhooks", "audit"])).toEqual(["MT_ROLE_WEBHOOKS", "MT_ROLE_AUDIT"]);
    expect(permissionsFor(["account", "2step", "number_pool"])).toEqual(["MT_ROLE_ACCOUNT_FINANCE", "MT_ROLE_2STEP", "MT_ROLE_NUMBER_POOL"]);
    expect(isScope("sms")).toBe(true);
    expect(isScope("toString")).toBe(false);
  });

  it("splits on spaces, commas and plus signs", () => {
    expect(splitScopes(" sms, report+contact  account ")).toEqual(["sms", "report", "contact", "account"]);
    expect(splitScopes("")).toEqual([]);
  });
});
