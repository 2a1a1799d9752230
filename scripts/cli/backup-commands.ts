// `backup --out FILE` and `restore --in FILE` for the embedded database. A backup is taken by
// whichever process holds the database (the running server, reached through /api/internal/cli,
// or the command line itself); a restore needs the server stopped, as it replaces the folder.
import path from "node:path";
import { fail } from "../../lib/core/errors.ts";
import { getDatabase } from "../../lib/db/index.ts";
import { BackupError, backupDatabase, restoreDatabase } from "../../lib/db/backup.ts";

export const backupUsage = `  backup --out FILE                            (the embedded database, while the server runs: a consistent copy)
  restore --in FILE                            (with the server stopped: the embedded database becomes the backup; the old folder is kept beside it)`;

export async function backupCommand(flags: Record<string, string | undefined>): Promise<{ file: string; bytes: number }> {
  const out = flags.out;
  if (!out) fail("validation", { message: "--out is required: the file to write the backup to.", property: "out" });
  try {
    return await backupDatabase(await getDatabase(), out);
  } catch (e) {
    if (e instanceof BackupError) fail("validation", { message: e.message, property: "out" });
    throw e;
  }
}

/** Run by the command line's own process only (scripts/cli.ts), never inside a running server. */
export async function restoreCommand(flags: Record<string, string | undefined>, dataDir: string): Promise<{ file: string; bytes: number; previous: string | null }> {
  const input = flags.in;
  if (!input) fail("validation", { message: "--in is required: the backup file to restore.", property: "in" });
  try {
    return await restoreDatabase(input, path.join(dataDir, "pglite"));
  } catch (e) {
    if (e instanceof BackupError) fail("validation", { message: e.message, property: "in" });
    throw e;
  }
}
