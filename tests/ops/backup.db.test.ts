// `backup --out FILE` and `restore --in FILE` of the embedded database: a backup taken while the
// database is in use restores into a fresh data folder holding the messages, contacts and
// credentials (an application's secret still gets a token); a restore over a folder keeps the old
// one beside it; inside a running server restore is refused; on PostgreSQL backup points to pg_dump.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { useCliInProcess } from "../support/run-cli.ts";
import { openDatabase } from "../../lib/db/connection.ts";
import { contextFor } from "../../lib/server/context.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { createContact } from "../../lib/core/contacts/create-contact.ts";
import { issueToken } from "../../lib/core/tokens/issue-token.ts";
import { restoreCommand } from "../../scripts/cli/backup-commands.ts";

const db = useTestDatabase();
const cli = useCliInProcess(db);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-backup-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.skipIf(dbKind !== "pglite")("backup and restore of the embedded database", () => {
  it("restores a backup taken in use into a fresh data folder, with messages, contacts and credentials", { timeout: 120_000 }, async () => {
    const a = await makeAccount(db.ctx());
    const { message } = await sendSms(db.ctx(), { accountId: a.account.id, from: "Shop", to: "+306944441234", body: "Backed up" });
    const contact = await createContact(db.ctx(), a.account.id, { mobile: "+306944445678", firstName: "Ada" });
    // Writes go on while the backup is taken (PGlite takes the copy between two statements).
    const writes = Array.from({ length: 20 }, (_, i) => createContact(db.ctx(), a.account.id, { mobile: `+30694444${String(6000 + i)}` }));
    const file = path.join(work, "nightly.tar.gz");
    const backup = await cli("backup", "--out", file);
    await Promise.all(writes);
    expect(backup.code).toBe(0);
    expect(backup.out).toEqual({ file, bytes: fs.statSync(file).size });

    const dataDir = path.join(work, "fresh");
    const restored = await restoreCommand({ in: file }, dataDir);
    expect(restored).toMatchObject({ file, previous: null });
    const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
    try {
      const ctx = contextFor(database);
      expect(await ctx.db.message.findUnique({ where: { id: message.id }, select: { body: true } })).toEqual({ body: "Backed up" });
      expect(await ctx.db.messagePart.count({ where: { messageId: message.id } })).toBe(1);
      expect(await ctx.db.contact.findUnique({ where: { id: contact.id }, select: { firstName: true } })).toEqual({ firstName: "Ada" });
      const token = await issueToken(ctx, { clientId: a.application.id, clientSecret: a.secret, grantType: "client_credentials", scope: undefined });
      expect(token.access_token).toBeTruthy();
    } finally {
      await database.close();
    }

    // Restored again over it: the folder it replaces is kept beside it.
    const again = await restoreCommand({ in: file }, dataDir);
    expect(again.previous).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(again.previous!)).toBe(true);
  });

  it("refuses a file that is not a backup, and leaves the folder as it was", async () => {
    const bogus = path.join(work, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not a tarball");
    const dataDir = path.join(work, "kept");
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite", "marker"), "mine");
    await expect(restoreCommand({ in: bogus }, dataDir)).rejects.toThrow(/not a backup/);
    expect(fs.readFileSync(path.join(dataDir, "pglite", "marker"), "utf8")).toBe("mine");
    await expect(restoreCommand({ in: path.join(work, "missing.tar.gz") }, dataDir)).rejects.toThrow(/no backup at/);
  });

  it("refuses to restore inside a running server, and asks for --out", async () => {
    const r = await cli("restore", "--in", path.join(work, "nightly.tar.gz"));
    expect(r.code).toBe(1);
    expect(r.err).toContain("stop the server first");
    expect((await cli("backup")).err).toContain("--out is required");
  });
});

describe.skipIf(dbKind !== "postgres")("backup on PostgreSQL", () => {
  it("points to PostgreSQL's own tools", async () => {
    const r = await cli("backup", "--out", path.join(work, "pg.tar.gz"));
    expect(r.code).toBe(1);
    expect(r.err).toContain("pg_dump");
  });
});
