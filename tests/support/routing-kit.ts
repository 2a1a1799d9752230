// What the routing and failover tests share: connectors and routes written to their tables as the
// console writes them, the route table read again at once (rather than within its second), fresh
// Greek numbers, where each destination was delivered (counted at the simulators), and a
// simulator in its own process, to kill.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import type { Ctx } from "../../lib/core/context.ts";
import { seal } from "../../lib/core/secrets/seal.ts";
import { routeTableOf } from "../../lib/core/routing/route-table.ts";
import { CONNECTOR_PASSWORD } from "../../lib/server/connectors.ts";
import type { DeliveredPage } from "../../lib/carrier/smsc-sim/tally.ts";
import type { SimulatorStats } from "../../lib/carrier/smsc-simulator.ts";

export interface ConnectorSpec {
  port: number;
  binds?: number;
  window?: number;
  tls?: boolean;
  caFile?: string;
  systemId?: string;
  password?: string;
}

/** A connector row to 127.0.0.1:port (no rate limit); answers its id. */
export async function addConnector(ctx: Ctx, name: string, spec: ConnectorSpec): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.sql.query(
    `INSERT INTO connectors (id, name, host, port, system_id, password_sealed, binds, window_size, tps, tls, ca_file)
     VALUES ($1::uuid, $2, '127.0.0.1', $3, $4, $5, $6, $7, 0, $8, $9)`,
    [
      id,
      name,
      spec.port,
      spec.systemId ?? "switchboard",
      seal(ctx.config.authSecret, CONNECTOR_PASSWORD, id, spec.password ?? "switchboard"),
      spec.binds ?? 1,
      spec.window ?? 10,
      spec.tls ?? false,
      spec.caFile ?? "",
    ],
  );
  return id;
}

export interface RouteSpec {
  position: number;
  country?: string;
  strategy?: "priority" | "weights" | "cost";
  connectorIds: string[];
  weights?: number[];
}

/** Replaces every route with these, and has this process's route table read them now. */
export async function setRoutes(ctx: Ctx, routes: RouteSpec[]): Promise<void> {
  await ctx.sql.query(`DELETE FROM routes`);
  for (const r of routes)
    await ctx.sql.query(`INSERT INTO routes (position, country, strategy, connector_ids, weights) VALUES ($1, $2, $3, $4::uuid[], $5::int[])`, [
      r.position,
      r.country ?? "",
      r.strategy ?? "priority",
      r.connectorIds,
      r.weights ?? [],
    ]);
  await routeTableOf(ctx).refresh();
}

/** `n` distinct Greek mobile numbers ending in 7 (never one of the simulator's test numbers, …0001 to …0006). */
export const greekNumbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `+3069${30_000_007 + (from + i) * 10}`);

/** How many times each destination (E.164, with "+") was delivered, read from a simulator's delivered list page by page. */
export async function deliveredCounts(page: (since: number) => DeliveredPage | Promise<DeliveredPage>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let since = 0; ; ) {
    const p = await page(since);
    for (const item of p.items) counts.set(`+${item.to}`, (counts.get(`+${item.to}`) ?? 0) + 1);
    if (p.next >= p.total || p.items.length === 0) return counts;
    since = p.next;
  }
}

/** An SMSC simulator running as its own process (scripts/smsc-sim.ts), driven through its control port. */
export interface SimulatorProcess {
  child: ChildProcess;
  port: number;
  stats(): Promise<SimulatorStats>;
  delivered(since: number): Promise<DeliveredPage>;
  /** SIGKILL, resolved once it has exited. */
  kill(): Promise<void>;
}

/** Starts `npm run smsc-sim` on free ports (node itself, not the tsx launcher: SIGKILL must reach the simulator). */
export async function spawnSimulator(args: string[] = []): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/smsc-sim.ts", "--port", "0", "--control-port", "0", ...args], {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  let out = "";
  let err = "";
  child.stderr!.on("data", (c) => (err = (err + String(c)).slice(-5000)));
  const started = await new Promise<{ port: number; control: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the simulator did not start within 30 s: ${err}`)), 30_000);
    child.stdout!.on("data", (c) => {
      out += String(c);
      const port = /listening: s?smpp:\/\/[^ ]*:(\d+)\n/.exec(out)?.[1];
      const control = /control: (http:\/\/\S+)\n/.exec(out)?.[1];
      if (port && control) {
        clearTimeout(timer);
        resolve({ port: Number(port), control });
      }
    });
    void exited.then(() => reject(new Error(`the simulator exited: ${err}`)));
  });
  const get = async <T>(path: string): Promise<T> => (await fetch(started.control + path)).json() as Promise<T>;
  return {
    child,
    port: started.port,
    stats: () => get<SimulatorStats>("/stats"),
    delivered: (since) => get<DeliveredPage>(`/delivered?since=${since}&limit=100000`),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
