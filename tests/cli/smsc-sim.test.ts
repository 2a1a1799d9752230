// npm run smsc-sim as a process of its own: several at once, credentials, TLS, and the trouble
// switches turned over its HTTP control port from this (another) process.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { carrier, atTestEnd, part, selfSignedCertificate } from "../../lib/carrier/carrier-test-kit.ts";

const script = path.resolve("scripts/smsc-sim.ts");

interface Running {
  proc: ChildProcess;
  url: string;
  control?: string;
  output: () => string;
}

/** Starts the simulator and waits for the lines that say where it listens. */
async function smscSim(args: string[]): Promise<Running> {
  // node with tsx's loader (not the tsx launcher): the signal reaches the process that listens.
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LOG_LEVEL: "silent" } });
  let out = "";
  proc.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  proc.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  atTestEnd(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill("SIGKILL");
      await once(proc, "exit");
    }
  });
  const until = Date.now() + 40_000;
  while (!/listening: \S+\n/.test(out) || (args.includes("--control-port") && !/control: \S+\n/.test(out))) {
    if (proc.exitCode !== null || Date.now() > until) throw new Error(`smsc-sim did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { proc, url: /listening: (\S+)/.exec(out)![1]!, control: /control: (\S+)/.exec(out)?.[1], output: () => out };
}

const post = (control: string, p: string) => fetch(`${control}${p}`, { method: "POST" }).then((r) => r.json() as Promise<any>);
const get = (control: string, p: string) => fetch(`${control}${p}`).then((r) => r.json() as Promise<any>);

describe("npm run smsc-sim", { timeout: 90_000 }, () => {
  it("runs two simulators side by side, each with its credentials, switches and tally", async () => {
    const [a, b] = await Promise.all([
      smscSim(["--port", "0", "--system-id", "alpha", "--password", "pa", "--control-port", "0", "--delivery-delay-ms", "50"]),
      smscSim(["--port", "0", "--system-id", "beta", "--control-port", "0"]),
    ]);
    expect(a.url).toMatch(/^smpp:\/\/alpha:pa@127\.0\.0\.1:\d+$/);
    expect(b.url).toMatch(/^smpp:\/\/beta:switchboard@/);
    const ca = await carrier(a.url);
    const cb = await carrier(b.url);
    await expect(carrier(a.url.replace(":pa@", ":wrong@"))).rejects.toThrow(/ESME_RINVPASWD/);

    expect(await ca.submit(part({ partId: "to-a", to: "+306911111111" }))).toMatchObject({ ok: true });
    await post(a.control!, "/throttle?seconds=30");
    expect(await ca.submit(part())).toMatchObject({ ok: false, commandStatus: 0x58, retryable: true });
    expect(await cb.submit(part({ partId: "to-b", to: "+306922222222" }))).toMatchObject({ ok: true }); // B is not throttled
    expect((await post(a.control!, "/normal")).switches.throttled).toBe(false);

    expect(await get(a.control!, "/stats")).toMatchObject({ received: 2, accepted: 1, throttled: 1, delivered: 1, sessions: 1 });
    expect(await get(a.control!, "/delivered")).toMatchObject({ total: 1, items: [{ to: "306911111111", partId: "to-a" }] });
    expect(await get(b.control!, "/delivered")).toMatchObject({ total: 1, items: [{ to: "306922222222", partId: "to-b" }] });

    a.proc.kill("SIGTERM");
    const [code] = await once(a.proc, "exit");
    expect(code).toBe(0);
    expect(a.output()).toContain("SIGTERM: stopping the SMSC simulator (2 submit_sm received)");
  });

  it("serves SMPP over TLS with the certificate and key it is given", async () => {
    const tls = selfSignedCertificate();
    const s = await smscSim(["--port", "0", "--tls", "--cert", tls.certFile, "--key", tls.keyFile]);
    expect(s.url).toMatch(/^ssmpp:\/\//);
    const c = await carrier(`${s.url}?ca=${encodeURIComponent(tls.certFile)}`);
    expect(await c.submit(part())).toMatchObject({ ok: true });
  });

  it("refuses a bad command line with what is wrong and the usage", async () => {
    const proc = spawn(process.execPath, ["--import", "tsx", script, "--port", "nope"], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    proc.stderr.on("data", (b: Buffer) => (err += b.toString()));
    const [code] = await once(proc, "exit");
    expect(code).toBe(2);
    expect(err).toContain("smsc-sim: --port must be a whole number from 0 to 65535");
    expect(err).toContain("--control-port");
  });
});
