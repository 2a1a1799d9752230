// The one HTTP client for every request the platform makes to a customer's URL (message,
// campaign, pool, inbound, email-event callbacks and OTP webhooks): a signed JSON POST that
//  - refuses URLs and addresses the guard rejects (url-guard.ts), checking EVERY address the
//    name resolves to, then connects only to the addresses it checked (the socket's lookup is
//    pinned to them; Host and TLS SNI keep the name), so a DNS answer that changes between check
//    and connect (rebinding) cannot reach loopback;
//  - never follows redirects: a 3xx is a failed attempt, recorded with its status;
//  - holds one deadline for the whole exchange (connect, answer, body);
//  - keeps one keep-alive undici Agent per pinned origin, reused across attempts.
// `outboundHttp.resolve` is the name resolver; tests replace it with a stub.
import dns from "node:dns";
import { EventEmitter } from "node:events";
import net from "node:net";
import type { Readable } from "node:stream";
import { Agent } from "undici";
import { addressProblem, checkParsedUrl, hostOf, isPrivateAddress, parseUrl } from "./url-guard.ts";
import { signatureHeaders } from "./sign.ts";

export interface Resolved {
  address: string;
  family: number;
}

export const outboundHttp = {
  resolve: async (hostname: string): Promise<Resolved[]> => dns.promises.lookup(hostname, { all: true, verbatim: true }),
};

export interface PostResult {
  statusCode: number;
  latencyMs: number;
  error: string;
  responseBody: string;
  /** The answer's headers (at most 50, values cut at 500 characters); null when no answer came. */
  responseHeaders: Record<string, string> | null;
  /** A 2xx answer read to its end. */
  ok: boolean;
  /**
   * Trying again cannot help: the URL or its address was refused, or the receiver answered
   * 410 Gone (it asks for no more deliveries of this callback).
   */
  permanent: boolean;
}

export interface Outgoing {
  url: string;
  /** The callback's id: the webhook-id, the same on every attempt so receivers can de-duplicate. */
  id: string;
  body: string;
  secret: string;
  at: Date;
  attempt: number;
}

const baseHeaders = { "content-type": "application/json", "user-agent": "Switchboard-Callbacks/1.0" };
/** What the attempt log keeps of an answer, and how much of it is read at most. */
const KEPT_BODY = 2048;
const MAX_READ = 64 * 1024;

/** The request headers of a callback attempt, as sent (the attempt log rebuilds them from its row). */
export function callbackHeaders(id: string, at: Date, attempt: number, signature: string): Record<string, string> {
  return {
    ...baseHeaders,
    "webhook-id": id,
    "webhook-timestamp": Math.floor(at.getTime() / 1000).toString(),
    "webhook-signature": signature,
    "x-switchboard-attempt": String(attempt),
  };
}

/** POSTs a signed callback body (Standard Webhooks headers) and reports what happened, with the signature sent; never throws. */
export async function postCallback(out: Outgoing, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult & { signature: string }> {
  const headers = signatureHeaders(out.secret, out.id, out.body, out.at);
  headers["x-switchboard-attempt"] = String(out.attempt);
  const result = await postJson(out.url, out.body, headers, options);
  return { ...result, signature: headers["webhook-signature"]! };
}

export async function postJson(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = judgedUrl(url, options.allowPrivate);
  if ("refusal" in target) return refused(`the URL ${target.refusal}`);
  const { host, origin, path } = target;
  const limit = deadline(options.timeoutMs);
  let statusCode = 0;
  try {
    const family = net.isIP(host);
    const addresses = family ? [{ address: host, family }] : await limit.race(outboundHttp.resolve(host));
    if (!addresses.length) return failed(0, elapsed(), `${host} has no address`);
    // A literal address was judged with the URL; every address a name resolves to is judged here.
    if (!family)
      for (const a of addresses) {
        const problem = addressProblem(a.address, options.allowPrivate);
        if (problem) return refused(`${host} resolves to ${a.address}, ${problem}`);
      }
    // The dispatcher's own request(): what undici's request() calls once it has split the URL.
    const res = await agentFor(origin, addresses).request({
      origin,
      path,
      method: "POST",
      headers: { ...baseHeaders, ...headers },
      body,
      signal: limit.signal,
    });
    statusCode = res.statusCode;
    const responseHeaders = keptHeaders(res.headers);
    // What a server inside the platform's own network answers is not shown to the API client
    // that chose the URL (where private callbacks are allowed at all): only its status.
    const read = clean(await readBody(res.body));
    const responseBody = addresses.some((a) => isPrivateAddress(a.address)) ? "" : read;
    if (statusCode >= 300 && statusCode < 400) {
      const location = [res.headers.location].flat()[0] ?? "";
      return { ...failed(statusCode, elapsed(), `redirect${location ? ` to ${clean(location).slice(0, 500)}` : ""} not followed`), responseBody, responseHeaders };
    }
    const ok = statusCode >= 200 && statusCode < 300;
    return { statusCode, latencyMs: elapsed(), error: "", responseBody, responseHeaders, ok, permanent: statusCode === 410 };
  } catch (e) {
    const why = limit.signal.aborted ? `no answer within ${options.timeoutMs} ms` : describe(e as Error);
    // Headers came, the body did not: not a delivery, whatever the status said.
    return failed(statusCode, elapsed(), statusCode ? `answer ${statusCode} cut off: ${why}` : why);
  } finally {
    limit.clear();
  }
}

type Judged = { host: string; origin: string; path: string } | { refusal: string };

// The verdict on a URL's text (parseUrl, checkParsedUrl) depends on nothing else: it is kept for
// the next attempt to the same URL (most callbacks of an account go to one), a few thousand at most.
// What its name resolves to is checked again on every attempt.
const MAX_JUDGED = 4096;
const judged = new Map<string, Judged>();

function judgedUrl(url: string, allowPrivate: boolean): Judged {
  const key = `${allowPrivate ? "p" : "-"}${url}`;
  let verdict = judged.get(key);
  if (!verdict) {
    const u = parseUrl(url);
    const refusal = u ? checkParsedUrl(u, allowPrivate) : "is not a URL";
    verdict = !u || refusal ? { refusal: refusal ?? "is not a URL" } : { host: hostOf(u), origin: u.origin, path: `${u.pathname}${u.search}` };
    if (judged.size >= MAX_JUDGED) judged.clear();
    judged.set(key, verdict);
  }
  return verdict;
}

/** The start of the answer, for the attempt log; a receiver streaming past MAX_READ loses the connection. */
function readBody(body: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString("utf8").slice(0, KEPT_BODY));
    body.on("data", (c: Buffer) => {
      if (size < KEPT_BODY) chunks.push(c);
      size += c.length;
      if (size > MAX_READ) {
        body.destroy();
        done();
      }
    });
    body.on("end", done);
    body.on("error", reject);
  });
}

function refused(why: string): PostResult {
  return { statusCode: 0, latencyMs: 0, error: `refused: ${why}`, responseBody: "", responseHeaders: null, ok: false, permanent: true };
}

function failed(statusCode: number, latencyMs: number, error: string): PostResult {
  return { statusCode, latencyMs, error: clean(error), responseBody: "", responseHeaders: null, ok: false, permanent: false };
}

/** What the attempt log keeps of the answer's headers: enough to debug a receiver, bounded. */
function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || n++ >= 50) continue;
    out[name] = clean(Array.isArray(value) ? value.join(", ") : value).slice(0, 500);
  }
  return out;
}

/** PostgreSQL text cannot hold NUL characters; a receiver may send them. */
function clean(s: string): string {
  return s.replaceAll("\u0000", "");
}

function describe(e: Error): string {
  const cause = (e as { cause?: unknown }).cause;
  const code = (e as { code?: string }).code;
  const base = e.message || code || String(e);
  return cause instanceof Error && cause.message && !base.includes(cause.message) ? `${base}: ${cause.message}` : base;
}

/**
 * The attempt's time limit. Its signal is an EventEmitter, which undici accepts as well as an
 * AbortSignal: an AbortController costs several times more per request.
 */
function deadline(ms: number) {
  const signal = Object.assign(new EventEmitter(), { aborted: false });
  const timer = setTimeout(() => {
    signal.aborted = true;
    signal.emit("abort");
  }, ms);
  return {
    signal,
    clear: () => clearTimeout(timer),
    race<T>(p: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(new Error("aborted"));
        signal.once("abort", onAbort);
        p.then(resolve, reject).finally(() => signal.removeListener("abort", onAbort));
      });
    },
  };
}

// One Agent per origin and set of checked addresses, least recently used evicted past the cap.
const MAX_AGENTS = 256;
const agents = new Map<string, Agent>();

function agentFor(origin: string, addresses: Resolved[]): Agent {
  const key = `${origin} ${addresses.map((a) => a.address).join(",")}`;
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    if (agents.size >= MAX_AGENTS) {
      const [oldest, old] = agents.entries().next().value!;
      agents.delete(oldest);
      void old.close().catch(() => {});
    }
  }
  agents.set(key, agent);
  return agent;
}

/** A socket lookup that answers the checked addresses whatever the name resolves to now. */
function pinnedLookup(addresses: Resolved[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) (callback as unknown as (e: null, a: Resolved[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

/** Closes every kept connection (tests, shutdown). */
export async function closeOutboundAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close().catch(() => {})));
}
