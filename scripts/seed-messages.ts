// npm run seed:messages -- [--messages 2000000] [--days 30] [--account ID] [--no-events]
// Fills an account's tracking with synthetic history (lib/core/seed/seed-messages.ts) for load
// tests of the explorer and reports. On PostgreSQL (DATABASE_URL) two million messages take about
// a minute; on the embedded database stop the server first (it owns the files) and expect it slower.
// Without --account the demo account (the oldest one) receives them.
import path from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../lib/env.ts";
import { openDatabase } from "../lib/db/connection.ts";
import { migrate } from "../lib/db/migrate.ts";
import { seedMessages } from "../lib/core/seed/seed-messages.ts";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "2000000" },
    days: { type: "string", default: "30" },
    account: { type: "string" },
    "no-events": { type: "boolean", default: false },
  },
});
const messages = Number(values.messages);
const days = Number(values.days);
if (!Number.isInteger(messages) || messages < 1 || !(days > 0)) {
  process.stderr.write("--messages must be a positive whole number and --days a positive number\n");
  process.exit(2);
}
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(import.meta.dirname, "..", ".data"));
process.chdir(path.resolve(import.meta.dirname, ".."));
const e = parseEnv();
const database = await openDatabase(e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL, poolSize: 2 } : { kind: "pglite", dir: path.join(e.dataDir, "pglite") });
try {
  await migrate(database.sql);
  const { rows } = values.account
    ? await database.sql.query<{ id: string }>("SELECT id FROM accounts WHERE id::text = $1", [values.account])
    : await database.sql.query<{ id: string }>("SELECT id FROM accounts ORDER BY created_at LIMIT 1");
  if (!rows[0]) {
    process.stderr.write(values.account ? `No account ${values.account}.\n` : "No account yet: start the server once (it seeds the demo account) or pass --account.\n");
    process.exit(1);
  }
  const t0 = Date.now();
  await seedMessages(database.sql, {
    accountId: rows[0].id,
    messages,
    days,
    events: !values["no-events"],
    progress: (done, total) => process.stderr.write(`\r${done.toLocaleString("en")} / ${total.toLocaleString("en")} messages`),
  });
  process.stderr.write(`\n`);
  process.stdout.write(`${JSON.stringify({ accountId: rows[0].id, messages, days, seconds: Math.round((Date.now() - t0) / 100) / 10 })}\n`);
} finally {
  await database.close();
}
