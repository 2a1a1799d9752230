import { describe, expect, it } from "vitest";
import { allScopes, isScope, permissionsFor, splitScopes } from "./scopes.ts";

describe("scopes", () => {
  it("knows the spec's twelve scopes and their permissions", () => {
    expect(allScopes).toHaveLength(13);
    expect(permissionsFor(["account", "2step", "number_pool"])).toEqual(["MT_ROLE_ACCOUNT_FINANCE", "MT_ROLE_2STEP", "MT_ROLE_NUMBER_POOL"]);
    expect(isScope("sms")).toBe(true);
    expect(isScope("toString")).toBe(false);
  });

  it("splits on spaces, commas and plus signs", () => {
    expect(splitScopes(" sms, report+contact  account ")).toEqual(["sms", "report", "contact", "account"]);
    expect(splitScopes("")).toEqual([]);
  });
});
