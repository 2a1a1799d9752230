import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { answerBeforeNext, stampPeerAddresses } from "./peer-address.ts";

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

  it("lets an early answer take a request before the server's handler sees it, with the peer already stamped", async () => {
    stampPeerAddresses();
    const askedBy: string[] = [];
    answerBeforeNext((method, url, headers) => {
      if (method !== "POST" || url !== "/refused-early") return null;
      askedBy.push(headers().get("x-forwarded-for") ?? "");
      return Response.json({ code: "429000001" }, { status: 429, headers: { "Retry-After": "4" } });
    });
    const handled: string[] = [];
    const server = http.createServer((req, res) => {
      handled.push(`${req.method} ${req.url}`);
      res.end("from the handler");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await fetch(`${base}/refused-early`, { method: "POST", body: "email=a%40b.c", headers: { "x-forwarded-for": "198.51.100.7" } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("4");
      expect(await refused.json()).toEqual({ code: "429000001" });
      // The same connection serves the next request as usual.
      expect(await (await fetch(`${base}/refused-early`)).text()).toBe("from the handler");
    } finally {
      server.close();
    }
    expect(askedBy).toEqual(["198.51.100.7, 127.0.0.1"]);
    expect(handled).toEqual(["GET /refused-early"]);
  });
});
