import { describe, expect, it } from "vitest";
import { cameFromLoopback, clientAddress } from "./client-address.ts";

const from = (xff: string, trusted: string[] = []) => clientAddress(new Headers({ "x-forwarded-for": xff }), trusted);

describe("the client's address", () => {
  it("is the peer when no proxy is trusted, whatever the client wrote before it", () => {
    // The server appends the peer (lib/server/peer-address.ts): the last entry.
    expect(from("1.2.3.4, 203.0.113.9")).toBe("203.0.113.9");
    expect(from("203.0.113.9")).toBe("203.0.113.9");
    expect(from("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is what a trusted proxy says, and no further", () => {
    expect(from("198.51.100.7, 10.0.0.2", ["10.0.0.0/8"])).toBe("198.51.100.7");
    // A client that writes its own X-Forwarded-For through the proxy is still itself.
    expect(from("1.2.3.4, 198.51.100.7, 10.0.0.2", ["10.0.0.0/8"])).toBe("198.51.100.7");
    expect(from("198.51.100.7, 10.0.0.3, 10.0.0.2", ["10.0.0.2", "10.0.0.3"])).toBe("198.51.100.7");
    expect(from("2001:db8::1, fd00::2", ["fd00::/8"])).toBe("2001:db8::1");
    // Only proxies all the way: the first entry is as far as can be told.
    expect(from("10.0.0.5, 10.0.0.2", ["10.0.0.0/8"])).toBe("10.0.0.5");
  });

  it("is empty when nothing says", () => {
    expect(clientAddress(new Headers(), [])).toBe("");
  });
});

describe("requests from this machine", () => {
  it("are those whose every address is loopback", () => {
    const via = (xff?: string) => cameFromLoopback(new Headers(xff === undefined ? {} : { "x-forwarded-for": xff }));
    expect(via("127.0.0.1")).toBe(true);
    expect(via("::1")).toBe(true);
    expect(via("::ffff:127.0.0.1")).toBe(true);
    expect(via()).toBe(true);
    expect(via("203.0.113.5")).toBe(false);
    // Through a proxy on this machine, from elsewhere.
    expect(via("203.0.113.5, 127.0.0.1")).toBe(false);
    expect(via("10.0.0.3")).toBe(false);
  });
});
