// A small HTTP port beside a simulator started on its own (npm run smsc-sim -- --control-port C),
// so a test or a person in another process can turn its trouble switches and read what reached it:
//   POST /throttle[?seconds=N]  POST /stall[?seconds=N]  POST /drop[?seconds=N]  POST /normal
//   GET /stats                  GET /delivered?since=CURSOR&limit=N
// Every answer is JSON; a switch answers with the stats after it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SmscSimulator } from "../smsc-simulator.ts";

export interface ControlServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class BadRequest extends Error {}
class MethodNotAllowed extends Error {
  constructor(readonly allow: string) {
    super(`use ${allow}`);
  }
}

function count(q: URLSearchParams, name: string, { min, max }: { min: number; max: number }): number | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < min || n > max) throw new BadRequest(`${name} must be a number from ${min} to ${max} (got ${JSON.stringify(v)})`);
  return n;
}

const seconds = (q: URLSearchParams) => count(q, "seconds", { min: 0.001, max: 86_400 });

function answer(sim: SmscSimulator, method: string, path: string, q: URLSearchParams): unknown {
  const post = (act: () => void) => {
    if (method !== "POST") throw new MethodNotAllowed("POST");
    act();
    return sim.stats();
  };
  switch (path) {
    case "/throttle":
      return post(() => sim.throttle(seconds(q)));
    case "/stall":
      return post(() => sim.stall(seconds(q)));
    case "/drop":
      return post(() => sim.drop(seconds(q)));
    case "/normal":
      return post(() => sim.normal());
    case "/stats":
      if (method !== "GET") throw new MethodNotAllowed("GET");
      return sim.stats();
    case "/delivered":
      if (method !== "GET") throw new MethodNotAllowed("GET");
      return sim.delivered(count(q, "since", { min: 0, max: Number.MAX_SAFE_INTEGER }) ?? 0, count(q, "limit", { min: 1, max: 100_000 }) ?? 10_000);
    default:
      return undefined;
  }
}

/** Serves the control port of `sim` on host:port (port 0: a free one). */
export async function startControlServer(sim: SmscSimulator, { host = "127.0.0.1", port = 0 }: { host?: string; port?: number } = {}): Promise<ControlServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(`${JSON.stringify(body)}\n`);
    };
    req.resume();
    const u = new URL(req.url ?? "/", "http://control");
    try {
      const body = answer(sim, req.method ?? "GET", u.pathname, u.searchParams);
      if (body === undefined) send(404, { error: `no ${u.pathname} here: POST /throttle, /stall, /drop (each ?seconds=N), /normal; GET /stats, /delivered?since=&limit=` });
      else send(200, body);
    } catch (e) {
      if (e instanceof MethodNotAllowed) send(405, { error: `${u.pathname}: ${e.message}` }, { allow: e.allow });
      else if (e instanceof BadRequest) send(400, { error: e.message });
      else send(500, { error: e instanceof Error ? e.message : String(e) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
