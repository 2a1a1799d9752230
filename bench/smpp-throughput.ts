// B7: submit_sm per second on ONE bind with a window of 10, through our Carrier (connectCarrier,
// token bucket off) versus a bare `smpp` pump (a raw session that keeps 10 submit_sm outstanding,
// sending the next from each response callback). Both send the same pre-encoded submit_sm to a
// destination ending 0005 (accepted, no receipt) so only the submit path is measured. The SMSC
// simulator runs in a child process (one with immediate answers, one answering after 20 ms), so
// client and server don't share a CPU. Rounds alternate ours/bare; medians are reported.
//
//   npx tsx bench/smpp-throughput.ts [rounds]   (standalone)
//   npm run bench -- --only B7                  (in the runner)
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import smpp from "smpp";
import { buildSubmitSm } from "../lib/carrier/build-submit-sm.ts";
import { connectCarrier } from "../lib/carrier/smpp-carrier.ts";
import { parseSmppUrl } from "../lib/carrier/smpp-url.ts";
import { smppParams } from "../lib/carrier/submit-sm-pdu.ts";
import { startSmscSimulator } from "../lib/carrier/smsc-simulator.ts";
import type { SubmitPart } from "../lib/core/ports/carrier.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median } from "./support/stats.ts";

const WINDOW = 10;

async function startSimProcess(respondDelayMs: number, onStart?: (child: ChildProcess) => void): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--sim", String(respondDelayMs)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  onStart?.(child);
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
      session.bind_transceiver({ system_id: systemId, password, interface_version: 0x34 }, (pdu) => (pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`))));
    }),
  );
  return session;
}

/** Round trips (submit_sm → submit_sm_resp, ms) seen by the last bare round. */
let lastBareRtts: number[] = [];

function bareRound(session: smpp.Session, n: number): Promise<number> {
  const built = buildSubmitSm(part);
  if (!built.ok) throw new Error("bad part");
  const params = smppParams(built.params);
  const rtts: number[] = [];
  lastBareRtts = rtts;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = 0;
    const started = performance.now();
    const next = () => {
      sent++;
      const t0 = performance.now();
      session.submit_sm({ ...params }, (pdu) => {
        if (pdu.command_status !== 0) return reject(new Error(`submit ${pdu.command_status}`));
        rtts.push(performance.now() - t0);
        done++;
        if (sent < n) next();
        else if (done === n) resolve((n / (performance.now() - started)) * 1000);
      });
    };
    for (let i = 0; i < Math.min(WINDOW, n); i++) next();
  });
}

export interface SmppScenarioResult {
  name: string;
  respondDelayMs: number;
  n: number;
  rounds: number;
  ours: number[];
  bare: number[];
  /** Medians of submits per second. */
  medOurs: number;
  medBare: number;
  /** Median of per-round ours ÷ bare (robust to load drifting between rounds). */
  paired: number;
  /** window ÷ RTT, the most one bind can do when the SMSC answers after respondDelayMs. */
  bound: number;
  /** Median submit_sm → submit_sm_resp time the bare pump saw (ms), and window ÷ that. */
  bareRttMs: number;
  measuredBound: number;
}

export async function measureSmpp(options: { rounds?: number; quick?: boolean; onChild?: (child: ChildProcess) => void; log?: (m: string) => void } = {}): Promise<SmppScenarioResult[]> {
  const rounds = options.rounds ?? 5;
  const scale = options.quick ? 0.2 : 1;
  const scenarios = [
    { name: "immediate answers", respondDelayMs: 0, n: Math.round(20_000 * scale) },
    { name: "20 ms answers", respondDelayMs: 20, n: Math.round(1_500 * scale) },
  ];
  const out: SmppScenarioResult[] = [];
  for (const sc of scenarios) {
    const { url, child } = await startSimProcess(sc.respondDelayMs, options.onChild);
    try {
      const carrier = await connectCarrier(url, { window: WINDOW, submitsPerSecond: Infinity });
      const bare = await bareSession(url);
      // warm-up (JIT, socket buffers), not counted
      await oursRound(carrier, Math.min(sc.n, 2000));
      await bareRound(bare, Math.min(sc.n, 2000));
      const ours: number[] = [];
      const raw: number[] = [];
      const rtts: number[] = [];
      for (let r = 0; r < rounds; r++) {
        // alternate which goes first
        if (r % 2 === 0) {
          ours.push(await oursRound(carrier, sc.n));
          raw.push(await bareRound(bare, sc.n));
        } else {
          raw.push(await bareRound(bare, sc.n));
          ours.push(await oursRound(carrier, sc.n));
        }
        rtts.push(median(lastBareRtts));
        (options.log ?? ((m) => process.stderr.write(`${m}\n`)))(`B7 ${sc.name} round ${r + 1}/${rounds}: ours ${ours.at(-1)!.toFixed(0)}/s, bare ${raw.at(-1)!.toFixed(0)}/s`);
      }
      await carrier.close();
      bare.destroy();
      out.push({
        ...sc,
        rounds,
        ours,
        bare: raw,
        medOurs: median(ours),
        medBare: median(raw),
        paired: median(ours.map((x, i) => x / raw[i]!)),
        bound: sc.respondDelayMs > 0 ? (WINDOW / sc.respondDelayMs) * 1000 : NaN,
        bareRttMs: median(rtts),
        measuredBound: (WINDOW / median(rtts)) * 1000,
      });
    } finally {
      child.stdin!.end();
      await Promise.race([new Promise((r) => child.once("exit", r)), new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }
  return out;
}

export function report(results: SmppScenarioResult[]): string {
  const lines = [
    `submit_sm/s, one bind, window ${WINDOW}, medians of ${results[0]?.rounds ?? 0} alternating rounds (Node ${process.version})`,
    "",
    "| SMSC | submits × rounds | ours (Carrier) | bare smpp pump | ours ÷ bare | median of per-round ratios | window ÷ RTT | RTT the bare pump saw (p50) → window ÷ that | goal |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const goal = r.respondDelayMs > 0 ? `ours ÷ (window ÷ RTT) = ${(r.medOurs / r.bound).toFixed(2)} (goal ≥ 0.9)` : `ours ÷ bare = ${(r.medOurs / r.medBare).toFixed(2)} (goal ≥ 0.7)`;
    lines.push(
      `| ${r.name} | ${r.n} × ${r.rounds} | ${r.medOurs.toFixed(0)} | ${r.medBare.toFixed(0)} | ${(r.medOurs / r.medBare).toFixed(2)} | ${r.paired.toFixed(2)} | ${r.respondDelayMs > 0 ? r.bound.toFixed(0) : "—"} | ${r.bareRttMs.toFixed(2)} ms → ${r.measuredBound.toFixed(0)}/s | ${goal} |`,
    );
  }
  return lines.join("\n");
}

export const benchmark: Benchmark = {
  id: "B7",
  title: "submit_sm/s on one bind, window 10",
  needsBuild: false,
  async run(ctx: BenchContext): Promise<Row[]> {
    const results = await measureSmpp({
      rounds: ctx.quick ? 1 : 5,
      quick: ctx.quick,
      log: ctx.log,
      onChild: (child) => ctx.defer(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL")),
    });
    ctx.detail(`### B7 — SMPP submit throughput\n\n${report(results)}`);
    const [fast, slow] = results as [SmppScenarioResult, SmppScenarioResult];
    return [
      {
        name: "B7 submit_sm/s, one bind, window 10, immediate SMSC — vs bare smpp pump",
        ours: int(fast.medOurs),
        anchor: int(fast.medBare),
        ratio: fixed(fast.medOurs / fast.medBare),
        goal: "≥ 0.7",
        met: fast.medOurs / fast.medBare >= 0.7,
      },
      {
        name: `B7 submit_sm/s, one bind, window 10, SMSC answering after ${slow.respondDelayMs} ms — vs window ÷ RTT (bare pump ${int(slow.medBare)}/s)`,
        ours: int(slow.medOurs),
        anchor: `${int(slow.bound)} (window ÷ RTT)`,
        ratio: fixed(slow.medOurs / slow.bound),
        goal: "≥ 0.9",
        met: slow.medOurs / slow.bound >= 0.9,
      },
    ];
  },
};

const isMain = Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === import.meta.filename;
if (isMain && process.argv[2] === "--sim") {
  // Child mode: a simulator answering after the given delay; print its URL; run until stdin closes.
  const sim = await startSmscSimulator({ respondDelayMs: Number(process.argv[3]), deliveryDelayMs: 1000, recordLimit: 0 });
  process.stdout.write(`${sim.url}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => void sim.close().then(() => process.exit(0)));
} else if (isMain) {
  console.log(report(await measureSmpp({ rounds: Number(process.argv[2] ?? 5) })));
}
