// The log of the SMSC's answers to campaign parts (campaign_answer_groups): one row per campaign
// per statement, written by group commit for every batch this process runs; logging an answer
// frees its part's hand-over slot, and a run after a crash reads the log to store, not resend.
import type { Ctx } from "../context.ts";
import type { BatchPart } from "./plan-batch.ts";
import type { AnswerRecorder } from "./record-answers.ts";

/** A logged answer: [seq, part_number, smsc_message_id, possible_duplicate (0 or 1), connector id when routed]. */
export type AnswerEntry = [seq: number, part: number, smscId: string, duplicate: 0 | 1, connectorId?: string];

/**
 * Logs answers, a row per campaign (campaign_answer_groups: JSON text, one index entry for the
 * whole group). A row per answer cost PostgreSQL ≈ 9 µs an answer to insert, index, delete and
 * vacuum: an eighth of its work for a 30k campaign.
 */
export async function logAnswers(ctx: Ctx, byCampaign: Map<string, AnswerEntry[]>): Promise<void> {
  await ctx.sql.prepared("campaign_log_answers", `INSERT INTO campaign_answer_groups (campaign_id, answers) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
    [...byCampaign.keys()],
    [...byCampaign.values()].map((answers) => JSON.stringify(answers)),
  ]);
}

/** Every answer the campaign's batches logged (read by a run after a crash). */
export async function loggedAnswers(ctx: Ctx, campaignId: string): Promise<AnswerEntry[]> {
  const { rows } = await ctx.sql.query<{ answers: string }>(`SELECT answers FROM campaign_answer_groups WHERE campaign_id = $1::uuid`, [campaignId]);
  return rows.flatMap((r) => JSON.parse(r.answers) as AnswerEntry[]);
}

/** An accepted part to log, with the campaign it belongs to and the run that waits for it. */
interface LoggedAnswer {
  campaignId: string;
  part: BatchPart;
  recorder: AnswerRecorder;
}

/**
 * The answer log (logAnswers) of every batch this process runs on one database, by group
 * commit: a statement goes as soon as the previous one is done, with every answer that came
 * meanwhile. Each logged answer frees its window slot, so answers should not wait for a timer or
 * for a statement of their own batch.
 */
export class AnswerLog {
  private pending: LoggedAnswer[] = [];
  private writing = false;
  constructor(private readonly ctx: Ctx) {}

  add(answer: LoggedAnswer): void {
    this.pending.push(answer);
    if (this.writing) return;
    this.writing = true;
    // After the answers of the same read from the SMSC have come in.
    setImmediate(() => void this.writeAll());
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length) {
      const answers = this.pending;
      this.pending = [];
      try {
        const byCampaign = new Map<string, AnswerEntry[]>();
        for (const a of answers) {
          let group = byCampaign.get(a.campaignId);
          if (!group) byCampaign.set(a.campaignId, (group = []));
          const entry: AnswerEntry = [a.part.message.seq, a.part.number, a.part.smscId!, a.part.possibleDuplicate ? 1 : 0];
          if (a.part.route?.connectorId) entry.push(a.part.route.connectorId);
          group.push(entry);
        }
        await logAnswers(this.ctx, byCampaign);
      } catch (e) {
        for (const a of answers) a.recorder.notLogged(e);
        continue;
      }
      for (const a of answers) a.recorder.slots.free(1);
      for (const a of answers) a.recorder.logged(a.part);
    }
    this.writing = false;
  }
}

const answerLogs = new WeakMap<object, AnswerLog>();
/** The process's answer log on this context's database. */
export function answerLogOf(ctx: Ctx): AnswerLog {
  let log = answerLogs.get(ctx.sql);
  if (!log) answerLogs.set(ctx.sql, (log = new AnswerLog(ctx)));
  return log;
}
