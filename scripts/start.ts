// npm start: checks the configuration, generates the Prisma client and builds the app when the
// sources changed since the last build, then serves with `next start`. Migrations, the first-run
// seed and the inline worker start inside the server (lib/server/boot.ts).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, parseEnv } from "../lib/env.ts";
import { withNodeFlags } from "../lib/server/node-flags.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function sourceFingerprint(): string {
  const hash = crypto.createHash("sha256");
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith(path.join("db", "generated"))) return;
      for (const name of fs.readdirSync(p).sort()) visit(path.join(p, name));
    } else hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const entry of ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "package.json", "prisma/schema.prisma", "postcss.config.mjs"])
    visit(path.join(root, entry));
  return hash.digest("hex");
}

function run(cmd: string, args: string[]): void {
  // The first-start build sends no telemetry either (next start gets the same below).
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) {
    process.stderr.write(`\n${path.basename(cmd)} ${args.join(" ")} failed (exit ${r.status}).\n`);
    process.exit(r.status ?? 1);
  }
}

try {
  const e = parseEnv();
  const stamp = path.join(root, ".next", "switchboard-source");
  const fingerprint = sourceFingerprint();
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === fingerprint;
  if (!built || process.argv.includes("--rebuild")) {
    process.stdout.write("Building Switchboard (first start, or sources changed)…\n");
    run(bin("prisma"), ["generate"]);
    run(bin("next"), ["build"]);
    fs.writeFileSync(stamp, fingerprint);
  }
  const child = spawn(bin("next"), ["start", "-H", e.HOSTNAME, "-p", String(e.PORT)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_OPTIONS: withNodeFlags(process.env.NODE_OPTIONS), NEXT_MANUAL_SIG_HANDLE: "true", NEXT_TELEMETRY_DISABLED: "1" },
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
