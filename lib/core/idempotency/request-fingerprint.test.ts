import { describe, expect, it } from "vitest";
import { canonicalJson, requestFingerprint } from "./request-fingerprint.ts";

describe("requestFingerprint", () => {
  it("is the same for the same request with its keys in another order", () => {
    const a = { from: "Shop", to: ["+1", "+2"], callback: { url: "u", strategy: "OnChange" } };
    const b = { callback: { strategy: "OnChange", url: "u" }, to: ["+1", "+2"], from: "Shop" };
    expect(requestFingerprint("POST", "/sms", a)).toBe(requestFingerprint("POST", "/sms", b));
    expect(canonicalJson(b)).toBe('{"callback":{"strategy":"OnChange","url":"u"},"from":"Shop","to":["+1","+2"]}');
  });

  it("differs for another value, array order, method or route", () => {
    const base = requestFingerprint("POST", "/sms", { to: ["+1", "+2"] });
    expect(requestFingerprint("POST", "/sms", { to: ["+2", "+1"] })).not.toBe(base);
    expect(requestFingerprint("POST", "/sms", { to: ["+1", "+2"], flash: true })).not.toBe(base);
    expect(requestFingerprint("POST", "/sms/campaign", { to: ["+1", "+2"] })).not.toBe(base);
    expect(requestFingerprint("PUT", "/sms", { to: ["+1", "+2"] })).not.toBe(base);
    expect(requestFingerprint("POST", "/sms", "1")).not.toBe(requestFingerprint("POST", "/sms", 1));
  });

  it("treats undefined members as absent, as JSON does", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson([undefined])).toBe("[null]");
    expect(canonicalJson(undefined)).toBe("");
  });
});
