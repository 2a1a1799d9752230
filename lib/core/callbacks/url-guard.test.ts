import { describe, expect, it } from "vitest";
import { checkCallbackUrl, isPrivateAddress } from "./url-guard.ts";

describe("callback URL guard", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"])(
    "treats %s as private",
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700::1111", "172.32.0.1"])("treats %s as public", (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it("refuses non-http schemes, credentials and private hosts unless allowed", () => {
    expect(checkCallbackUrl("ftp://example.com/x", true)).toMatch(/http/);
    expect(checkCallbackUrl("https://user:pw@example.com/", true)).toMatch(/credentials/);
    expect(checkCallbackUrl("not a url", true)).toMatch(/not a URL/);
    expect(checkCallbackUrl("http://localhost:8080/dlr", false)).toMatch(/private/);
    expect(checkCallbackUrl("http://[::1]/dlr", false)).toMatch(/private/);
    expect(checkCallbackUrl("http://169.254.169.254/latest", false)).toMatch(/metadata/);
    expect(checkCallbackUrl("http://localhost:8080/dlr", true)).toBeNull();
    expect(checkCallbackUrl("http://169.254.169.254/latest/meta-data", true)).toMatch(/metadata/);
    expect(checkCallbackUrl("http://metadata.google.internal/", true)).toMatch(/metadata/);
    expect(checkCallbackUrl("https://hooks.example.com/dlr?x=1", false)).toBeNull();
  });
});
