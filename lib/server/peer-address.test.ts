import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { stampPeerAddresses } from "./peer-address.ts";

describe("the peer's address", () => {
  it("is appended to X-Forwarded-For, so a client's own entries never come last", async () => {
    stampPeerAddresses();
    stampPeerAddresses(); // once only
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers["x-forwarded-for"] as string | undefined);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await fetch(url, { headers: { "x-forwarded-for": "203.0.113.1" } });
      await fetch(url);
    } finally {
      server.close();
    }
    expect(seen).toEqual(["203.0.113.1, 127.0.0.1", "127.0.0.1"]);
  });
});
