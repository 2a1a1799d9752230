import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { collapseEmptySegments, withoutEmptySegments } from "./empty-segments.ts";
import { cases } from "../../tests/support/cases.ts";

describe("withoutEmptySegments", () => {
  // Every run of slashes in the path collapses, and only there (not in the query).
  cases("reads %s as %s", withoutEmptySegments, [
    ["/contacts/my/blacklist//groups", "/contacts/my/blacklist/groups"],
    ["//api/sms", "/api/sms"],
    ["/api///groups/my/", "/api/groups/my/"],
    ["/api/x?next=http://a//b", "/api/x?next=http://a//b"],
    ["/api//x?y=1", "/api/x?y=1"],
    ["/api/sms", "/api/sms"],
  ]);
});

describe("collapseEmptySegments", () => {
  it("hands the server's handlers the path without empty segments, so nothing redirects", async () => {
    collapseEmptySegments();
    collapseEmptySegments(); // twice is once
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const path of ["//api/sms", "/contacts/my/blacklist//groups?x=a//b"]) {
        const body = await new Promise<string>((resolve, reject) =>
          http
            .get({ host: "127.0.0.1", port, path }, (res) => {
              let text = "";
              res.on("data", (c) => (text += c));
              res.on("end", () => resolve(text));
            })
            .on("error", reject),
        );
        expect(body).toBe("ok");
      }
      expect(seen).toEqual(["/api/sms", "/contacts/my/blacklist/groups?x=a//b"]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
