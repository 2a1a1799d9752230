// A worker process's own small HTTP server on WORKER_HEALTH_PORT: /api/health, /api/ready and
// /metrics as a web instance answers them, for an orchestrator's probes and Prometheus.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { liveness, readinessAnswer } from "./state.ts";
import { isLoopback, metricsAnswer } from "../metrics/expose.ts";
import { log } from "../../log/logger.ts";

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export async function startHealthServer(port: number, host = "0.0.0.0"): Promise<HealthServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const answer = async (): Promise<{ status: number; type: string; body: string }> => {
      if (req.method !== "GET" && req.method !== "HEAD") return { status: 405, type: "text/plain", body: "GET only\n" };
      if (path === "/api/health") return asJson(liveness());
      if (path === "/api/ready") return asJson(await readinessAnswer());
      if (path === "/metrics") {
        const m = await metricsAnswer(req.headers.authorization, isLoopback(req.socket.remoteAddress));
        return { status: m.status, type: m.contentType, body: m.body };
      }
      return { status: 404, type: "text/plain", body: "Not found: /api/health, /api/ready and /metrics are served here\n" };
    };
    answer().then(
      (a) => {
        res.writeHead(a.status, { "content-type": a.type, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : a.body);
      },
      (e: unknown) => {
        log("error", "health server answer failed", { path, error: String(e) });
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("internal error\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  log("info", "health server listening", { port: (server.address() as AddressInfo).port });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

function asJson(a: { status: number; body: object }): { status: number; type: string; body: string } {
  return { status: a.status, type: "application/json", body: JSON.stringify(a.body) };
}
