// The connectors this worker process holds: one SMPP connection per enabled row of table
// connectors, opened, reopened and closed as the rows change (the route table's version, looked
// at every second), each wired to the core with its connector id (receipts are matched by
// connector and SMSC message id: two SMSCs may issue the same ids). The Router over them becomes
// the process's carrier; connector-status.ts reports their health to the database.
import type { Database } from "../db/connection.ts";
import type { Ctx } from "../core/context.ts";
import type { Carrier } from "../core/ports/carrier.ts";
import { receiptApplier } from "../core/sms/apply-receipts.ts";
import type { ReceiptOptions } from "../core/sms/apply-receipt.ts";
import { receiveInbound } from "../core/numbers/receive-inbound.ts";
import { routeTableOf } from "../core/routing/route-table.ts";
import { Router, type LiveConnectors } from "../core/routing/router.ts";
import type { BreakerOptions } from "../core/routing/circuit-breaker.ts";
import { unseal } from "../core/secrets/seal.ts";
import { CONNECTOR_PASSWORD } from "../core/routing/manage-connectors.ts";

export { CONNECTOR_PASSWORD };
import { connectConnector, type SmppCarrier } from "../carrier/smpp-carrier.ts";
import { log } from "../log/logger.ts";
import { contextFor } from "./context.ts";
import { processMetrics } from "./metrics/registry.ts";
import { setCarrier } from "./services.ts";
import { reportConnectorStatus, forgetWorkerStatus, workerName, type StartFailure } from "./connector-status.ts";

/** The columns of table connectors that a connection is made from. */
export interface ConnectorRow {
  id: string;
  name: string;
  host: string;
  port: number;
  system_id: string;
  password_sealed: string;
  system_type: string;
  bind_mode: string;
  binds: number;
  window_size: number;
  tps: number;
  tls: boolean;
  ca_file: string;
  source_ton: number | null;
  source_npi: number | null;
  dest_ton: number | null;
  dest_npi: number | null;
  gsm7_data_coding: number;
  enquire_link_seconds: number;
  temporary_errors: number[];
  enabled: boolean;
}

interface Live {
  id: string;
  name: string;
  fingerprint: string;
  carrier: SmppCarrier;
}

export interface ConnectorsOptions {
  breaker?: BreakerOptions;
  receiptOptions?: ReceiptOptions;
  /** How often the table is looked at and the status written (default 1 000 ms and 2 000 ms). */
  checkEveryMs?: number;
  statusEveryMs?: number;
  /** A submit that has no answer after this long resolves retryable (default 30 000 ms). */
  submitTimeoutMs?: number;
  /** How long startConnectors waits for each connection's first bind (default 10 000 ms; it resolves either way). */
  waitForBindMs?: number;
}

export interface ConnectorsHandle {
  router: Router;
  /** Reads the table now and brings the connections in line with it. */
  sync(): Promise<void>;
  connection(name: string): SmppCarrier | undefined;
  close(): Promise<void>;
}

export async function startConnectors(database: Database, options: ConnectorsOptions = {}): Promise<ConnectorsHandle> {
  const ctx = contextFor(database);
  // Receipts enqueue callbacks and OTP jobs inside their status change's transaction.
  await ctx.enqueue.ready();
  const table = routeTableOf(ctx);
  const live = new Map<string, Live>();
  // Connectors whose connection could not even be made (a password sealed under another
  // AUTH_SECRET, an unreadable CA file): shown down with the reason until their row changes.
  const failed = new Map<string, StartFailure>();
  const connections: LiveConnectors = { get: (id) => live.get(id)?.carrier, all: () => [...live.values()].map((l) => l.carrier as Carrier) };
  const router = new Router(table, connections, options.breaker);
  processMetrics().sources.connectors = () => live.values();
  const worker = workerName();
  let closed = false;

  const open = async (row: ConnectorRow, fingerprint: string): Promise<Live> => {
    let password: string;
    try {
      password = unseal(ctx.config.authSecret, CONNECTOR_PASSWORD, row.id, row.password_sealed);
    } catch {
      throw new Error("its password cannot be read: it was stored under another AUTH_SECRET (every instance must share one); enter the password again");
    }
    const carrier = await connectConnector(
      {
        host: row.host,
        port: row.port,
        systemId: row.system_id,
        password,
        systemType: row.system_type,
        bindMode: row.bind_mode === "transmitter-receiver" ? "transmitter-receiver" : "transceiver",
        binds: row.binds,
        window: row.window_size,
        tps: row.tps > 0 ? row.tps : Infinity,
        tls: row.tls ? (row.ca_file ? { caFile: row.ca_file } : {}) : null,
        ...(row.source_ton !== null ? { sourceTon: row.source_ton } : {}),
        ...(row.source_npi !== null ? { sourceNpi: row.source_npi } : {}),
        ...(row.dest_ton !== null ? { destTon: row.dest_ton } : {}),
        ...(row.dest_npi !== null ? { destNpi: row.dest_npi } : {}),
        gsm7DataCoding: row.gsm7_data_coding === 1 || row.gsm7_data_coding === 3 ? row.gsm7_data_coding : 0,
        enquireLinkSeconds: row.enquire_link_seconds,
        temporaryErrors: row.temporary_errors,
        ...(options.submitTimeoutMs ? { submitTimeoutMs: options.submitTimeoutMs } : {}),
      },
      // A connector that cannot bind shows its error and keeps trying; it holds up nothing else.
      { connectTimeoutMs: 0, log: (level, msg, fields) => log(level, msg, { connector: row.name, ...fields }), observeSubmitSm: processMetrics().submitSmObserver(row.name) },
    );
    wire(ctx, row.id, carrier, options.receiptOptions);
    log("info", "connector started", { connector: row.name, host: row.host, port: row.port, binds: row.binds });
    return { id: row.id, name: row.name, fingerprint, carrier };
  };

  let syncing: Promise<void> = Promise.resolve();
  const sync = () =>
    (syncing = syncing.then(async () => {
      if (closed) return;
      const { rows } = await ctx.sql.query<ConnectorRow & { updated_at: Date }>(`SELECT * FROM connectors`);
      const wanted = new Map(rows.filter((r) => r.enabled).map((r) => [r.id, r]));
      for (const id of failed.keys()) if (!wanted.has(id)) failed.delete(id);
      for (const [id, l] of live) {
        const row = wanted.get(id);
        if (row && fingerprintOf(row) === l.fingerprint) continue;
        live.delete(id);
        log("info", row ? "connector changed; reconnecting" : "connector stopped", { connector: l.name });
        await l.carrier.close();
      }
      for (const row of wanted.values()) {
        if (live.has(row.id)) continue;
        const fingerprint = fingerprintOf(row);
        if (failed.get(row.id)?.fingerprint === fingerprint) continue;
        try {
          live.set(row.id, await open(row, fingerprint));
          failed.delete(row.id);
        } catch (e) {
          const error = e instanceof Error ? e.message : String(e);
          failed.set(row.id, { id: row.id, fingerprint, error, since: new Date() });
          log("error", "connector could not start", { connector: row.name, error });
        }
      }
    }));

  table.onChange(() => void sync().catch((e) => log("error", "connectors: sync failed", { error: String(e) })));
  await table.refresh();
  await sync();
  // As a single SMSC_URL did: the worker takes jobs once its connections are bound (or have had
  // their time to bind: one that cannot shows its error, and the others go on).
  const waitUntil = Date.now() + (options.waitForBindMs ?? 10_000);
  while (Date.now() < waitUntil && [...live.values()].some((l) => l.carrier.stats().connected === 0)) await new Promise((r) => setTimeout(r, 50));
  setCarrier(router);

  const check = setInterval(() => void table.refresh().catch(() => undefined), options.checkEveryMs ?? 1000);
  const status = setInterval(
    () => void reportConnectorStatus(ctx, worker, live.values(), router, failed.values()).catch((e) => log("warn", "connector status not written", { error: String(e) })),
    options.statusEveryMs ?? 2000,
  );
  check.unref();
  status.unref();
  void reportConnectorStatus(ctx, worker, live.values(), router, failed.values()).catch(() => undefined);

  return {
    router,
    sync,
    connection: (name) => [...live.values()].find((l) => l.name === name)?.carrier,
    close: async () => {
      closed = true;
      clearInterval(check);
      clearInterval(status);
      await syncing.catch(() => undefined);
      setCarrier(undefined);
      await Promise.all([...live.values()].map((l) => l.carrier.close()));
      live.clear();
      await forgetWorkerStatus(ctx, worker).catch(() => undefined);
    },
  };
}

/** Receipts and inbound messages of one connector's connection go to the core, marked with the connector. */
function wire(ctx: Ctx, connectorId: string, carrier: Carrier, receiptOptions?: ReceiptOptions): void {
  carrier.onReceipt(receiptApplier(ctx, { ...receiptOptions, connectorId }));
  carrier.onInbound((m) => receiveInbound(ctx, m));
}

/** What a connection is made from: a change of any of it reopens the connection. */
function fingerprintOf(row: ConnectorRow): string {
  const { enabled: _e, name: _n, updated_at: _u, created_at: _c, ...connection } = row as ConnectorRow & { updated_at?: unknown; created_at?: unknown };
  return JSON.stringify(connection);
}
