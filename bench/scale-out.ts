// B8: does campaign throughput grow with workers? The same campaign through one web instance and
// 1 worker, then 3 workers (docs/scaling.md), all on one PostgreSQL database, rounds alternating.
// Measured from POST /api/sms/campaign to the last submit_sm the SMSC acknowledged (as B2).
//
//  - B8a: each worker's SMSC account is held to a contract (tps per worker, as a real SMSC sets
//    per bind account). This is how a deployment scales out: more workers, more binds, more
//    submit_sm per second, until the database or the CPU is the bound.
//  - B8b: no SMSC limit at all: the bound is this machine's CPU (2 cores shared by PostgreSQL,
//    the web instance and every worker), so more workers on the same machine cannot add much.
//
//   npm run bench -- --only B8
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median, sleep } from "./support/stats.ts";
import { recipient, startSim, type Sim } from "./campaign-throughput.ts";
import { startDeployment, type Deployment } from "../tests/support/deployment.ts";
import type { Proc } from "./support/procs.ts";

const BINDS = 2;
const WINDOW = 50;
const BODY = "Spring sale: 20% off everything until Sunday. Show this SMS at the till.";

interface Scenario {
  id: string;
  tps: number;
  n: number;
}

async function setWorkers(d: Deployment, sim: Sim, running: Proc[], want: number): Promise<void> {
  while (running.length > want) await running.pop()!.stop(15_000);
  while (running.length < want) running.push(await d.addWorker());
  const until = Date.now() + 60_000;
  while ((await sim.sessions()) !== want * BINDS) {
    if (Date.now() > until) throw new Error(`expected ${want * BINDS} SMPP sessions`);
    await sleep(100);
  }
  await sleep(500); // claim loops idle-polling
}

async function campaignRound(d: Deployment, sim: Sim, n: number, label: string): Promise<number> {
  const before = await sim.submitted();
  const done = sim.when(before + n);
  const t0 = Date.now();
  const res = await fetch(`${d.webUrls[0]}/api/sms/campaign`, {
    method: "POST",
    headers: { authorization: `Bearer ${d.token}`, "content-type": "application/json" },
    body: JSON.stringify({ from: "Switchboard", body: BODY, to: Array.from({ length: n }, (_, i) => recipient(i)), campaignName: label }),
  });
  if (res.status !== 200) throw new Error(`campaign refused: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await done) - t0;
}

async function runScenario(ctx: BenchContext, s: Scenario, rounds: number): Promise<{ one: number[]; three: number[] }> {
  const sim = await startSim(ctx);
  const d = await startDeployment({
    databaseUrl: await ctx.createDatabase(`bench_b8${s.id}`),
    smscUrl: `${sim.url}?binds=${BINDS}&window=${WINDOW}&tps=${s.tps}`,
    webs: 1,
    workers: 0,
    workDir: ctx.tmpDir(`b8${s.id}-`),
    freePort: () => ctx.freePort(),
    log: (m) => ctx.log(`B8${s.id}: ${m}`),
  });
  ctx.defer(() => d.stop());
  const running: Proc[] = [];
  await setWorkers(d, sim, running, 1);
  await campaignRound(d, sim, Math.min(2000, s.n), `B8${s.id} warm-up`); // JIT, pools, caches
  const one: number[] = [];
  const three: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    for (const workers of r % 2 ? [1, 3] : [3, 1]) {
      await setWorkers(d, sim, running, workers);
      const t = await campaignRound(d, sim, s.n, `B8${s.id} round ${r} ${workers}w`);
      (workers === 1 ? one : three).push(t);
      ctx.log(`B8${s.id} round ${r}: ${workers} worker(s) ${t} ms (${int((s.n / t) * 1000)} messages/s)`);
    }
  }
  await d.stop();
  return { one, three };
}

export const benchmark: Benchmark = {
  id: "B8",
  title: "campaign throughput with 1 and 3 workers",
  async run(ctx: BenchContext): Promise<Row[]> {
    const rounds = ctx.quick ? 1 : 2;
    const scenarios: Scenario[] = [
      { id: "a", tps: 500, n: ctx.quick ? 3000 : 9000 },
      { id: "b", tps: 0, n: ctx.quick ? 5000 : 30_000 },
    ];
    const rows: Row[] = [];
    const lines = [`### B8 — scale-out: one web instance, 1 vs 3 workers (${BINDS} binds × window ${WINDOW} each), one PostgreSQL`, ""];
    for (const s of scenarios) {
      const { one, three } = await runScenario(ctx, s, rounds);
      const rate = (ms: number) => (s.n / ms) * 1000;
      const r1 = rate(median(one));
      const r3 = rate(median(three));
      const contract = s.tps ? `each worker's SMSC contract ${s.tps} submit_sm/s` : "no SMSC limit";
      lines.push(`- B8${s.id} (${contract}, ${s.n.toLocaleString("en")} recipients): 1 worker ${one.join(", ")} ms; 3 workers ${three.join(", ")} ms.`);
      rows.push({
        name: `B8${s.id} ${s.n / 1000}k campaign, messages/s with 3 workers — vs 1 worker (${contract})`,
        ours: int(r3),
        anchor: int(r1),
        ratio: fixed(r3 / r1),
        goal: s.tps ? "≥ 2.5" : "— (2 cores)",
        met: s.tps ? r3 / r1 >= 2.5 : undefined,
      });
    }
    ctx.detail(lines.join("\n"));
    return rows;
  },
};
