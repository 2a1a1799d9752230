// npx tsx bench/smpp-throughput.ts [rounds]
//
// submit_sm per second on ONE bind with a window of 10, through our Carrier (connectCarrier,
// token bucket off) versus a bare `smpp` pump (a raw session that keeps 10 submit_sm outstanding,
// sending the next from each response callback). Both send the same pre-encoded submit_sm to a
// destination ending 0005 (accepted, no receipt) so only the submit path is measured. The SMSC
// simulator runs in a child process (one with immediate answers, one answering after 20 ms), so
// client and server don't share a CPU. Rounds alternate ours/bare; medians are reported.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import smpp from "smpp";
import { buildSubmitSm, connectCarrier, parseSmppUrl } from "../lib/carrier/smpp-carrier.ts";
import { startSmscSimulator } from "../lib/carrier/smsc-simulator.ts";
import type { SubmitPart } from "../lib/carrier/types.ts";

const WINDOW = 10;


async function startSimProcess(respondDelayMs: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--sim", String(respondDelayMs)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once("line", (l) => {
      rl.close();
      resolve(l);
    });
    child.once("exit", (code) => reject(new Error(`simulator exited (${code})`)));
  });
  return { url: line.trim(), child };
}

const part: SubmitPart = {
  partId: "bench",
  from: "Switchboard",
  to: "+306900000005", // accepted, never a receipt
  text: "Your verification code is 123456. It expires in 10 minutes.",
  encoding: "gsm7",
  flash: false,
  validityMinutes: 60,
};

async function oursRound(carrier: Awaited<ReturnType<typeof connectCarrier>>, n: number): Promise<number> {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: n }, () => carrier.submit(part)));
  const elapsed = performance.now() - started;
  if (!results.every((r) => r.ok)) throw new Error("a submit failed");
  return (n / elapsed) * 1000;
}

async function bareSession(url: string): Promise<smpp.Session> {
  const { host, port, systemId, password } = parseSmppUrl(url);
  const session = smpp.connect({ host, port });
  session.on("error", (e: Error) => console.error("bare session error", e.message));
  await new Promise<void>((resolve, reject) =>
    session.on("connect", () => {
      session.socket.setNoDelay(true);
      session.bind_transceiver({ system_id: systemId, password, interface_version: 0x34 }, (pdu) =>
        pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`)),
      );
    }),
  );
  return session;
}

function bareRound(session: smpp.Session, n: number): Promise<number> {
  const built = buildSubmitSm(part);
  if (!built.ok) throw new Error("bad part");
  const params = built.params;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = 0;
    const started = performance.now();
    const next = () => {
      sent++;
      session.submit_sm({ ...params }, (pdu) => {
        if (pdu.command_status !== 0) return reject(new Error(`submit ${pdu.command_status}`));
        done++;
        if (sent < n) next();
        else if (done === n) resolve((n / (performance.now() - started)) * 1000);
      });
    };
    for (let i = 0; i < Math.min(WINDOW, n); i++) next();
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const rounds = Number(process.argv[2] ?? 5);
  const scenarios = [
    { name: "immediate answers", respondDelayMs: 0, n: 20_000 },
    { name: "20 ms answers", respondDelayMs: 20, n: 1_500 },
  ];
  const rows: string[] = [];
  for (const sc of scenarios) {
    const { url, child } = await startSimProcess(sc.respondDelayMs);
    const carrier = await connectCarrier(url, { window: WINDOW, submitsPerSecond: Infinity });
    const bare = await bareSession(url);
    // warm-up (JIT, socket buffers), not counted
    await oursRound(carrier, Math.min(sc.n, 2000));
    await bareRound(bare, Math.min(sc.n, 2000));
    const ours: number[] = [];
    const raw: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // alternate which goes first
      if (r % 2 === 0) {
        ours.push(await oursRound(carrier, sc.n));
        raw.push(await bareRound(bare, sc.n));
      } else {
        raw.push(await bareRound(bare, sc.n));
        ours.push(await oursRound(carrier, sc.n));
      }
      process.stderr.write(`${sc.name} round ${r + 1}: ours ${ours.at(-1)!.toFixed(0)}/s, bare ${raw.at(-1)!.toFixed(0)}/s\n`);
    }
    await carrier.close();
    bare.destroy();
    child.stdin!.end();
    await new Promise((r) => child.once("exit", r));
    const o = median(ours);
    const b = median(raw);
    const paired = median(ours.map((x, i) => x / raw[i]!)); // robust to load drifting between rounds
    const bound = sc.respondDelayMs > 0 ? (WINDOW / sc.respondDelayMs) * 1000 : NaN;
    const goal =
      sc.respondDelayMs > 0
        ? `ours ÷ (window ÷ RTT) = ${(o / bound).toFixed(2)} (goal ≥ 0.9)`
        : `ours ÷ bare = ${(o / b).toFixed(2)} (goal ≥ 0.7)`;
    rows.push(
      `| ${sc.name} | ${sc.n} × ${rounds} | ${o.toFixed(0)} | ${b.toFixed(0)} | ${(o / b).toFixed(2)} | ${paired.toFixed(2)} | ${sc.respondDelayMs > 0 ? bound.toFixed(0) : "—"} | ${goal} |`,
    );
  }
  console.log(`\nsubmit_sm/s, one bind, window ${WINDOW}, medians of ${rounds} alternating rounds (Node ${process.version})\n`);
  console.log("| SMSC | submits × rounds | ours (Carrier) | bare smpp pump | ours ÷ bare | median of per-round ratios | window ÷ RTT | goal |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
}

if (process.argv[2] === "--sim") {
  // Child mode: a simulator answering after the given delay; print its URL; run until stdin closes.
  const sim = await startSmscSimulator({ respondDelayMs: Number(process.argv[3]), deliveryDelayMs: 1000, recordLimit: 0 });
  process.stdout.write(`${sim.url}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => void sim.close().then(() => process.exit(0)));
} else {
  await main();
}
