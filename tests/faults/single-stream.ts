// A stream of single messages through POST /api/sms, run beside a fault test's campaign so that
// one fault hits both kinds of traffic (the campaign path and sms.submit's batches) in one
// process start: a few hundred fresh numbers, posted in rounds at a steady pace, and how many of
// them have reached the SMSC so far (to time the fault into the middle of the stream).
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { POST as postSms } from "../../app/api/sms/route.ts";
import { bearer, call } from "../support/http.ts";
import { numbers, sleep } from "./fault-kit.ts";

export interface SingleStream {
  /** The numbers, in the order they are posted. */
  to: string[];
  /** Messages accepted so far. */
  posted(): number;
  /** Destinations of the stream the SMSC has received a submit_sm for (copies counted once). */
  reached(simulator: SmscSimulator): number;
  /** Resolves when every message is accepted; rejects on any answer but 200. */
  done: Promise<void>;
}

/**
 * Posts `n` single messages to fresh numbers (numbers(n, first)), `perRound` at once every
 * `everyMs`: 8 every 100 ms by default, about 80 a second, within an application's rate limit
 * (100 requests a second).
 */
export function streamSingles(o: { token: string; n: number; first: number; from: string; perRound?: number; everyMs?: number }): SingleStream {
  const to = numbers(o.n, o.first);
  const mine = new Set(to.map((t) => t.slice(1)));
  const perRound = o.perRound ?? 8;
  const everyMs = o.everyMs ?? 100;
  let posted = 0;
  const done = (async () => {
    for (let i = 0; i < to.length; i += perRound) {
      const started = Date.now();
      const answers = await Promise.all(
        to.slice(i, i + perRound).map((t) => call(postSms, { method: "POST", path: "/sms", headers: bearer(o.token), body: { from: o.from, to: t, body: "One of a stream" } })),
      );
      const refused = answers.find((r) => r.status !== 200);
      if (refused) throw new Error(`POST /api/sms answered ${refused.status}: ${refused.text}`);
      posted += answers.length;
      await sleep(everyMs - (Date.now() - started));
    }
  })();
  // Awaited by the test later; until then a refusal must not end the process as unhandled.
  done.catch(() => {});
  return {
    to,
    posted: () => posted,
    reached: (simulator) =>
      new Set(
        simulator
          .received()
          .filter((r) => mine.has(r.destinationAddr))
          .map((r) => r.destinationAddr),
      ).size,
    done,
  };
}
