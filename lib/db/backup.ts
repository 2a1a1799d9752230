// Backup and restore of the embedded database (PGlite): its data folder as one gzipped tarball,
// taken while the server runs (PGlite answers one statement at a time, so the copy is taken
// between two and is consistent), and put back into a data folder whose server is stopped.
// PostgreSQL is backed up with its own tools (docs/operations.md).
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./connection.ts";
import { openDatabase } from "./connection.ts";

export class BackupError extends Error {}

export async function backupDatabase(database: Database, file: string): Promise<{ file: string; bytes: number }> {
  if (!database.dump) throw new BackupError("backup copies the embedded database; back PostgreSQL up with pg_dump or base backups (docs/operations.md)");
  const out = path.resolve(file);
  const data = Buffer.from(await (await database.dump()).arrayBuffer());
  // Written beside and renamed: a backup that stopped half way never looks whole.
  const partial = `${out}.partial`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(partial, data, { mode: 0o600 });
  fs.renameSync(partial, out);
  return { file: out, bytes: data.length };
}

/**
 * Puts a backup into `dir` (the embedded database's folder, DATA_DIR/pglite). What was there is
 * kept beside it as `<dir>.before-restore-<time>`, not deleted.
 */
export async function restoreDatabase(file: string, dir: string, now = new Date()): Promise<{ file: string; bytes: number; previous: string | null }> {
  const input = path.resolve(file);
  if (!fs.existsSync(input)) throw new BackupError(`no backup at ${input}`);
  const data = fs.readFileSync(input);
  let previous: string | null = null;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    previous = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(dir, previous);
  }
  try {
    // Opened once from the tarball, which writes it out into the folder, and checked.
    const database = await openDatabase({ kind: "pglite", dir, from: new Blob([data]) });
    try {
      await database.sql.query("SELECT 1 FROM accounts LIMIT 1");
    } finally {
      await database.close();
    }
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (previous) fs.renameSync(previous, dir);
    throw new BackupError(`${input} is not a backup of this database: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { file: input, bytes: data.length, previous };
}
