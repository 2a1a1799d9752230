// Connectors over TLS (SMPP over TLS to a simulator serving a self-signed certificate), as rows of
// table connectors: trusted through the row's CA file, messages go through it; without the CA
// file (or with one that cannot be read) the connector's status row shows it down with the reason,
// its routes hop past it, and every other connector keeps working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually } from "../support/messaging.ts";
import { addConnector, greekNumbers, setRoutes } from "../support/routing-kit.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { selfSignedCertificate } from "../../lib/carrier/carrier-test-kit.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { startConnectors, type ConnectorsHandle } from "../../lib/server/connectors.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";
import type { BindStatus } from "../../lib/core/ports/carrier.ts";

const db = useTestDatabase();
let plain: SmscSimulator;
let secure: SmscSimulator | undefined;
let connectors: ConnectorsHandle;
let worker: Worker;
let accountId = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  plain = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  ids.B = await addConnector(db.ctx(), "B", { port: plain.port });
  connectors = await startConnectors(db.database(), { checkEveryMs: 200, statusEveryMs: 300 });
  worker = await startWorker(db.database(), jobs, { pollingIntervalSeconds: 0.2 });
  await seedPrices(db.ctx());
  accountId = (await makeAccount(db.ctx(), { balance: 500 })).account.id;
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  await connectors?.close();
  await secure?.close();
  await plain?.close();
});

let next = 0;
async function send(to: string) {
  const { message } = await sendSms(db.ctx(), { accountId, from: "Switchboard", to, body: "Secure hello" });
  return eventually(
    () => db.ctx().db.messagePart.findFirstOrThrow({ where: { messageId: message.id }, select: { status: true, connectorId: true, routeHops: true } }),
    (p) => p.status === "Delivered",
  );
}

const statusOf = (name: string) =>
  db
    .ctx()
    .sql.query<{ state: string; binds: BindStatus[] }>(`SELECT s.state, s.binds FROM connector_status s JOIN connectors c ON c.id = s.connector_id WHERE c.name = $1`, [name])
    .then((r) => r.rows[0]);

describe("connectors over TLS", () => {
  it("delivers through a connector that trusts the simulator's self-signed certificate by its CA file", async () => {
    // The certificate's files are removed after this test: the connector reads its CA file when it connects.
    const cert = selfSignedCertificate();
    secure = await startSmscSimulator({ port: 0, deliveryDelayMs: 50, tls: { cert: cert.cert, key: cert.key } });
    ids.T = await addConnector(db.ctx(), "T", { port: secure.port, tls: true, caFile: cert.certFile });
    await setRoutes(db.ctx(), [
      { position: 1, country: "GR", connectorIds: [ids.T!] },
      { position: 2, connectorIds: [ids.B!] },
    ]);
    await connectors.sync();
    await eventually(
      () => statusOf("T"),
      (s) => s?.state === "bound",
    );
    for (const to of greekNumbers(3, next)) expect(await send(to)).toMatchObject({ connectorId: ids.T, routeHops: null });
    next += 3;
    expect(secure.submitted()).toBe(3);
    expect(plain.submitted()).toBe(0);
  });

  it("without the CA file shows the connector down with the TLS error; its route hops past it and the other connectors keep working", async () => {
    ids.U = await addConnector(db.ctx(), "U", { port: secure!.port, tls: true });
    ids.V = await addConnector(db.ctx(), "V", { port: secure!.port, tls: true, caFile: "/nonexistent/ca.pem" });
    await setRoutes(db.ctx(), [
      { position: 1, country: "GR", connectorIds: [ids.U!, ids.V!, ids.B!] },
      { position: 2, country: "CY", connectorIds: [ids.T!] },
      { position: 3, connectorIds: [ids.B!] },
    ]);
    await connectors.sync();
    const u = await eventually(
      () => statusOf("U"),
      (s) => s?.state === "down",
    );
    expect(u!.binds[0]!.lastError).toMatch(/^TLS: .*certificate/);
    const v = await eventually(
      () => statusOf("V"),
      (s) => s?.state === "down",
    );
    expect(v!.binds[0]!.lastError).toMatch(/CA file \/nonexistent\/ca.pem cannot be read/);

    const [greek] = greekNumbers(1, next++);
    expect(await send(greek!)).toMatchObject({
      connectorId: ids.B,
      routeHops: [
        { connector: "U", description: "no bound bind" },
        { connector: "V", description: "not connected in this worker" },
      ],
    });
    // The trusted TLS connector and the plain one are untouched.
    expect(await send("+35799123457")).toMatchObject({ connectorId: ids.T });
    expect(await send("+4915112345677")).toMatchObject({ connectorId: ids.B });
    expect((await statusOf("T"))?.state).toBe("bound");
    expect((await statusOf("B"))?.state).toBe("bound");
  });
});
