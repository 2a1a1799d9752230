import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { checkStrategy, describeMatch, normalizeRuleLists } from "./rule-fields.ts";

function refusal(f: () => unknown): { status: number; property: unknown; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { status: e.status, property: e.details.property, message: e.message };
    throw e;
  }
  throw new Error("accepted");
}

describe("routing rule fields", () => {
  it("normalises the lists: upper-case countries, prefixes without +, MCC-MNC digits, lower-case kinds, no repeats", () => {
    expect(normalizeRuleLists({ country: " gr, CY ,gr", prefix: "+3069, 3070", network: "202-01,20205", kind: "OTP,single" })).toEqual({
      country: "GR,CY",
      prefix: "3069,3070",
      network: "20201,20205",
      kind: "otp,single",
    });
    expect(normalizeRuleLists({ country: "" })).toEqual({ country: "" });
    expect(normalizeRuleLists({})).toEqual({});
  });

  it("refuses unknown countries, malformed prefixes and networks, unknown kinds, naming the field", () => {
    expect(refusal(() => normalizeRuleLists({ country: "GR,XX" }))).toMatchObject({ status: 400, property: "country", message: expect.stringContaining('"XX"') });
    expect(refusal(() => normalizeRuleLists({ country: "Greece" })).property).toBe("country");
    for (const prefix of ["30a9", "++30", "30-69", "+"]) expect(refusal(() => normalizeRuleLists({ prefix })).property, prefix).toBe("prefix");
    expect(refusal(() => normalizeRuleLists({ network: "2020" })).property).toBe("network");
    expect(refusal(() => normalizeRuleLists({ kind: "sms" })).property).toBe("kind");
  });

  it("holds weights to their connectors", () => {
    expect(() => checkStrategy({ strategy: "weights", connectorIds: ["a", "b"], weights: [70, 30] })).not.toThrow();
    expect(() => checkStrategy({ strategy: "priority", connectorIds: ["a", "b"], weights: [] })).not.toThrow();
    expect(refusal(() => checkStrategy({ strategy: "weights", connectorIds: ["a", "b"], weights: [100] }))).toMatchObject({ status: 400, property: "weights" });
    expect(refusal(() => checkStrategy({ strategy: "weights", connectorIds: ["a", "b"], weights: [0, 0] })).property).toBe("weights");
    expect(refusal(() => checkStrategy({ strategy: "cost", connectorIds: ["a", "b"], weights: [1, 1] })).property).toBe("weights");
    expect(refusal(() => checkStrategy({ strategy: "priority", connectorIds: ["a", "a"], weights: [] })).property).toBe("connectorIds");
  });

  it("describes a rule as the command line writes it", () => {
    expect(describeMatch({ accountId: null, country: "GR,CY", prefix: "", network: "", kind: "otp", senderType: "numeric" })).toBe("country=GR,CY,kind=otp,sender=numeric");
    expect(describeMatch({ accountId: null, country: "", prefix: "", network: "", kind: "", senderType: "" })).toBe("everything");
  });
});
