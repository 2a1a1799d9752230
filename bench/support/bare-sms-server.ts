// B1's second anchor: what POST /api/sms costs at the least — a bare node:http server that reads
// the body, validates it with the same zod schema (lib/schemas/sms.ts) and stores it with ONE
// raw INSERT through a `pg` Pool (10 connections, as our server's), answering a small JSON.
//
//   tsx bench/support/bare-sms-server.ts DATABASE_URL   (prints its URL on stdout once listening)
//
// startBareServer() creates its database and table, and runs it as a child process so that it
// has its own event loop, like the servers it is compared with.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { sendSmsBody } from "../../lib/schemas/sms.ts";
import type { BenchContext } from "./types.ts";
import { startProcess, type Proc } from "./procs.ts";
import { sleep } from "./stats.ts";

const table = `CREATE TABLE IF NOT EXISTS bench_sms (
  id uuid PRIMARY KEY, sender text NOT NULL, recipient text NOT NULL, body text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now())`;

export async function startBareServer(ctx: BenchContext): Promise<{ proc: Proc; url: string; databaseUrl: string }> {
  const databaseUrl = await ctx.createDatabase("bench_bare");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(table);
  await client.end();
  const logDir = ctx.tmpDir("bare-server-");
  const logFile = path.join(logDir, "server.log");
  const proc = startProcess("bare node:http server", process.execPath, [...process.execArgv, import.meta.filename, databaseUrl], {
    cwd: path.resolve(import.meta.dirname, "..", ".."),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" },
    logFile,
  });
  ctx.defer(() => proc.stop());
  for (let i = 0; i < 300; i++) {
    const m = /^(http:\/\/\S+)$/m.exec(fs.readFileSync(logFile, "utf8"));
    if (m) return { proc, url: `${m[1]}/api/sms`, databaseUrl };
    if (!proc.isRunning()) break;
    await sleep(100);
  }
  throw new Error(`the bare server did not start:\n${proc.tail()}`);
}

function serve(databaseUrl: string): void {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        try {
          const parsed = sendSmsBody.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          if (!parsed.success) {
            res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: "validation", issues: parsed.error.issues }));
            return;
          }
          const { from, to, body } = parsed.data;
          const id = crypto.randomUUID();
          await pool.query("INSERT INTO bench_sms (id, sender, recipient, body) VALUES ($1, $2, $3, $4)", [id, from, to, body]);
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ trackingId: id, status: "Queued", createdAt: new Date().toISOString(), from, to, body }));
        } catch (err) {
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(err) }));
        }
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as import("node:net").AddressInfo;
    process.stdout.write(`http://127.0.0.1:${port}\n`);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => void pool.end().then(() => process.exit(0)));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) serve(process.argv[2]!);
