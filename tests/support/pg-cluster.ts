// A throwaway PostgreSQL server for tests: initdb into a temporary folder, start on a free port,
// stop and delete on teardown. Uses Debian's server binaries; as root it runs them as the
// `postgres` user, since PostgreSQL refuses to run as root.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface Cluster {
  url: string;
  dir: string;
  /** The server's port (tests put a proxy in front of it). */
  port: number;
  stop(): void;
  /**
   * Restarts the server. "immediate" aborts every backend without a checkpoint (as a crash would):
   * connections drop and the restart replays the WAL. Resolves when it accepts connections again.
   */
  restart(mode?: "immediate" | "fast"): Promise<void>;
}

export interface ClusterOptions {
  /**
   * Keep synchronous_commit on (off by default, for speed): with it off, a crash or an
   * immediate restart may lose the last commits already acknowledged, which a test that restarts
   * the server must not mistake for a bug.
   */
  durable?: boolean;
}

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb"))) : [];
  if (versions.length === 0) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql; install them: apt-get install -y postgresql");
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function asPostgres(cmd: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  if (root) execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "pipe" });
  else execFileSync(cmd, args, { stdio: "pipe" });
}

/** The same without blocking this process (its connections see the server go and come back). */
function asPostgresAsync(cmd: string, args: string[]): Promise<void> {
  const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => execFile(file, argv, (err, _out, stderr) => (err ? reject(new Error(`${cmd}: ${stderr || err.message}`)) : resolve())));
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  // --no-sync: a throwaway folder need not reach the disk before the server starts (about half of initdb's time here).
  asPostgres(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const sync = options.durable ? "on" : "off";
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=${sync} -c full_page_writes=off -c max_connections=300 -c shared_buffers=256MB`;
  asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  const stop = () => {
    try {
      asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // pg_ctl restart reuses the options the server was started with (postmaster.opts).
  const restart = (mode: "immediate" | "fast" = "immediate") => asPostgresAsync(path.join(bin, "pg_ctl"), ["-D", data, "-m", mode, "-l", path.join(dir, "log"), "-w", "-t", "60", "restart"]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, port, stop, restart };
}

// `tsx tests/support/pg-cluster.ts start` prints URL and folder for shell scripts;
// `… stop DIR` stops it.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [cmd, dir] = process.argv.slice(2);
  if (cmd === "start") {
    const c = await startCluster();
    process.stdout.write(`${c.url} ${c.dir}\n`);
  } else if (cmd === "stop" && dir) {
    const data = path.join(dir, "data");
    try {
      asPostgres(path.join(binDir(), "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  } else {
    process.stderr.write("usage: pg-cluster.ts start | stop DIR\n");
    process.exit(2);
  }
}
