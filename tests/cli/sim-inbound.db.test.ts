// `npm run cli -- sim inbound --to +MSISDN --from +MSISDN --body TEXT` as a user runs it without a
// server: the command line starts an SMSC simulator, which sends a deliver_sm over SMPP, and the
// message is stored as Inbound on the rented number; JSON {"messageId"} on stdout.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { openDatabase, type Database } from "../../lib/db/connection.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createAccount } from "../../lib/core/accounts/create-account.ts";
import { contextFor } from "../../lib/server/context.ts";
import { rentNumber } from "../../lib/core/numbers/rent-number.ts";
import { useCliInProcess } from "../support/run-cli.ts";

const run = promisify(execFile);
const db = useTestDatabase();
// The refusals need no process: the same answer in-process (a process start is seconds on PGlite).
const cliHere = useCliInProcess(db);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-sim-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; out: any; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  if (dbKind === "postgres") env.DATABASE_URL = db.url();
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/cli.ts", ...args], { env });
    return { code: 0, out: JSON.parse(stdout), err: stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, out: null, err: err.stderr };
  }
}

/** The database the command line will open: the test server's, or the embedded one in DATA_DIR. */
async function withCliDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (dbKind === "postgres") return work(db.database());
  const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
  try {
    await migrate(database.sql);
    return await work(database);
  } finally {
    await database.close();
  }
}

describe("sim inbound", () => {
  it("sends an SMS to a rented number through the SMSC simulator and prints its messageId", { timeout: 90_000 }, async () => {
    const msisdn = "+16045550003";
    await withCliDatabase(async (database) => {
      const ctx = contextFor(database);
      const account = await createAccount(ctx, { name: "Sim", balance: 50 });
      await rentNumber(ctx, { accountId: account.id, msisdn });
    });
    const r = await cli("sim", "inbound", "--to", msisdn, "--from", "+306912345678", "--body", "Is this the right number?");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(Object.keys(r.out)).toEqual(["messageId"]);
    const stored = await withCliDatabase((database) => database.prisma.message.findUnique({ where: { id: r.out.messageId }, include: { messageParts: true } }));
    expect(stored).toMatchObject({ direction: "Inbound", from: "+306912345678", to: msisdn, body: "Is this the right number?", status: "Delivered" });
    expect(stored!.messageParts).toHaveLength(1);

    const unknown = await cliHere("sim", "inbound", "--to", "+16045559999", "--from", "+306912345678", "--body", "hi");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/error 404010004: \+16045559999 is not a rented number/);
    const missing = await cliHere("sim", "inbound", "--to", msisdn);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/--from is required/);
  });
});
