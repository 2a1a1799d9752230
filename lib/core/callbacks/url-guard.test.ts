import { describe, expect, it } from "vitest";
import { addressProblem, checkCallbackUrl, isMetadataAddress, isPrivateAddress } from "./url-guard.ts";

describe("callback URL guard", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.1.1",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "::",
    "::1",
    "fd00::1",
    "fc00::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "ff05::1:3",
    "100::1",
    "2001:db8::1",
    "2001::1",
    "3fff::1",
    // IPv4 inside IPv6: mapped (both spellings), IPv4-compatible, NAT64 and 6to4 carrying a private address
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:7f00:0001",
    "::FFFF:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "2002:c0a8:101::1",
    "not an address",
    "",
  ])("treats %s as private", (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001:81c::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])(
    "treats %s as public",
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );

  it.each([
    "169.254.169.254",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "169.254.170.2",
    "fd00:ec2::254",
    "fd20:ce::254",
    "FD20:CE:0:0:0:0:0:254",
    "FD00:EC2:0:0:0:0:0:254",
    "100.100.100.200",
    "168.63.129.16",
  ])("treats %s as a metadata address, refused even where private callbacks are allowed", (ip) => {
    expect(isMetadataAddress(ip)).toBe(true);
    expect(addressProblem(ip, true)).toMatch(/metadata/);
  });

  it("allows private addresses only where private callbacks are allowed", () => {
    expect(addressProblem("127.0.0.1", false)).toMatch(/private/);
    expect(addressProblem("127.0.0.1", true)).toBeNull();
    expect(addressProblem("8.8.8.8", false)).toBeNull();
  });

  // What a callback URL may not point at. private: every spelling of loopback a URL can carry (WHATWG
  // URL parsing turns most into 127.0.0.1 or ::ffff:7f00:1) and the private ranges, refused unless
  // private callbacks are allowed; metadata: cloud metadata services, refused even where they are.
  const refused = {
    private: [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://0x7f.1/",
      "http://0x7f000001/",
      "http://127.1/",
      "http://127.0.1/",
      "http://127.000.000.001/",
      "http://127.0.0.1./",
      "http://%31%32%37.0.0.1/",
      "http://１２７.０.０.１/",
      "http://[::1]/",
      "http://[0:0:0:0:0:0:0:1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[::127.0.0.1]/",
      "http://localhost/",
      "http://localhost./",
      "http://localhost../",
      "http://LOCALHOST/",
      "http://LocalHost.:8080/x",
      "http://api.localhost/",
      "http://0/",
      "http://0.0.0.0/",
      "http://[::]/",
      "http://10.0.0.1/",
      "http://192.168.0.1:8443/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://[fd12:3456::1]/",
      "http://[fe80::1]/",
      "http://224.0.0.1/",
      "https://127.0.0.1#@example.com/",
      "http://127.0.0.1\\@example.com/",
    ],
    metadata: [
      "http://169.254.169.254/latest/meta-data",
      "http://2852039166/",
      "http://0xa9fea9fe/",
      "http://0251.0376.0251.0376/",
      "http://169.254.43518/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://[fd00:ec2::254]/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://METADATA.GOOGLE.INTERNAL./",
      "http://metadata/",
      "http://100.100.100.200/",
    ],
  };
  it.each(Object.entries(refused).flatMap(([kind, urls]) => urls.map((url) => [url, kind])))("refuses %s, a %s address", (url, kind) => {
    expect(checkCallbackUrl(url, false)).toMatch(kind);
    if (kind === "private") expect(checkCallbackUrl(url, true)).toBeNull();
    else expect(checkCallbackUrl(url, true)).toMatch(kind);
  });

  it("refuses non-http schemes, credentials and what is not a URL", () => {
    expect(checkCallbackUrl("ftp://example.com/x", true)).toMatch(/http/);
    expect(checkCallbackUrl("file:///etc/passwd", true)).toMatch(/http/);
    expect(checkCallbackUrl("gopher://127.0.0.1:6379/_", true)).toMatch(/http/);
    expect(checkCallbackUrl("https://user:pw@example.com/", true)).toMatch(/credentials/);
    expect(checkCallbackUrl("http://good@127.0.0.1/", false)).toMatch(/credentials/);
    expect(checkCallbackUrl("http://good.example.com@127.0.0.1/", true)).toMatch(/credentials/);
    expect(checkCallbackUrl("not a url", true)).toMatch(/not a URL/);
    expect(checkCallbackUrl("http://[::ffff:127.0.0.1/", false)).toMatch(/not a URL/);
  });

  it("accepts public URLs", () => {
    expect(checkCallbackUrl("https://hooks.example.com/dlr?x=1", false)).toBeNull();
    expect(checkCallbackUrl("http://93.184.216.34:8080/", false)).toBeNull();
    expect(checkCallbackUrl("http://[2606:4700::1111]/", false)).toBeNull();
    // a name is judged by what it resolves to, at delivery (outbound-http.ts)
    expect(checkCallbackUrl("http://localhost.example.com/", false)).toBeNull();
  });
});
