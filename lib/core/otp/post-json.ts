// One signed JSON POST to a client URL, through the SSRF guard, with a time limit. Used by the
// fire-and-forget OTP webhooks (no retry: one attempt, logged like every callback attempt).
import http from "node:http";
import https from "node:https";
import { guardedLookup } from "../callbacks/url-guard.ts";

export type PostResult = { statusCode: number; latencyMs: number; error: string; responseBody: string };

export function postJson(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const u = new URL(url);
    const req = (u.protocol === "https:" ? https : http).request(
      u,
      {
        method: "POST",
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: { "content-type": "application/json", "user-agent": "Switchboard-Callbacks/1.0", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < 2048) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, latencyMs: elapsed(), error: "", responseBody: Buffer.concat(chunks).toString("utf8").slice(0, 2048) }));
        res.on("error", (e) => resolve({ statusCode: res.statusCode ?? 0, latencyMs: elapsed(), error: e.message, responseBody: "" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", (e) => resolve({ statusCode: 0, latencyMs: elapsed(), error: e.message, responseBody: "" }));
    req.end(body);
  });
}
