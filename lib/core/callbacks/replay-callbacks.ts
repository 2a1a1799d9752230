// Bulk replay (issue 20): a selection of callbacks, or every failed or paused one matching a
// filter, with a count first (dryRun) and a confirmation (expectedCount), at most REPLAY_CAP per
// request. The request marks the callbacks 'queued' with the replay's id, in one statement; the
// job webhooks.replay hands them to delivery in chunks (so a big replay is not one huge
// transaction), where the endpoint's pace applies as to any callback. Progress is counted from
// the callbacks themselves.
import { z } from "zod";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { defineJob } from "../../jobs/job.ts";
import { txSql } from "../../db/tx-sql.ts";
import { isUuid } from "../../ids.ts";
import { deliverCallback } from "./deliver-callback.ts";
import { filterSql, isEmptyFilter, type DeliveryFilter } from "./delivery-filter.ts";

export const REPLAY_CAP = 10_000;
const CHUNK = 500;
/** What a filter replays when it names no state, and all it may name. */
const replayableStates = ["failed", "paused"] as const;

export interface ReplayRequest {
  accountId: string;
  by: string;
  ids?: string[];
  filter?: DeliveryFilter;
  dryRun?: boolean;
  expectedCount?: number;
}

/** The callbacks a request chooses, as conditions on `c` (values from $1). */
function chosen(input: ReplayRequest): { where: string; values: unknown[] } {
  if (input.ids?.length) {
    const bad = input.ids.filter((id) => !isUuid(id));
    if (bad.length) fail("validation", { message: "ids are callback ids (UUIDs).", property: bad });
    // A selection may replay any callback that has ended, delivered ones too.
    return { where: "c.account_id = $1::uuid AND c.id = ANY($2::uuid[]) AND c.state IN ('delivered', 'failed', 'paused')", values: [input.accountId, input.ids] };
  }
  const filter = input.filter ?? {};
  if (isEmptyFilter(filter)) fail("validation", { message: "Name the callbacks to replay: ids, or a filter (kind, state, host, resourceId, from, to).", property: "filter" });
  const other = filter.state?.filter((s) => !(replayableStates as readonly string[]).includes(s));
  if (other?.length) fail("validation", { message: "A filter replays failed or paused callbacks only.", property: "filter.state" });
  return filterSql(input.accountId, { ...filter, state: filter.state?.length ? filter.state : [...replayableStates] });
}

export async function replayCallbacks(ctx: Ctx, request: ReplayRequest) {
  const input = { ...request, ids: request.ids ? [...new Set(request.ids)] : undefined };
  const { where, values } = chosen(input);
  const counted = await ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM callbacks c WHERE ${where} LIMIT ${REPLAY_CAP + 1}) x`, values);
  const count = Number(counted.rows[0]?.n ?? 0);
  if (input.ids?.length && count < input.ids.length) fail("notFound", { message: "Some callbacks were not found, or are still being delivered.", property: "ids" });
  if (count > REPLAY_CAP) fail("validation", { message: `More than ${REPLAY_CAP} callbacks match: narrow the filter (a shorter time window, one host or kind).`, property: "filter" });
  if (input.dryRun) return { replayId: null, count, cap: REPLAY_CAP };
  if (input.expectedCount === undefined) fail("validation", { message: `${count} callbacks match: send expectedCount ${count} to replay them.`, property: "expectedCount" });
  if (input.expectedCount !== count) fail("conflict", { message: `${count} callbacks match now, not ${input.expectedCount}: confirm again.`, property: "expectedCount" });
  if (!count) return { replayId: null, count, cap: REPLAY_CAP };
  await ctx.enqueue.ready();
  const replayId = await ctx.db.$transaction(async (tx) => {
    const replay = await tx.webhookReplay.create({
      data: {
        accountId: input.accountId,
        requestedBy: input.by,
        filter: JSON.parse(JSON.stringify(input.ids?.length ? { ids: input.ids } : (input.filter ?? {}))) as object,
        total: 0,
        createdAt: ctx.now(),
      },
    });
    const n = values.length;
    const { rows: marked } = await txSql(tx).query<{ n: number }>(
      `WITH m AS (
         UPDATE callbacks SET state = 'queued', replay_id = $${n + 1}::uuid, replayed_by = $${n + 2}, completed_at = NULL
          WHERE id IN (SELECT c.id FROM callbacks c WHERE ${where} ORDER BY c.created_at, c.id LIMIT ${REPLAY_CAP} FOR UPDATE)
         RETURNING 1)
       SELECT count(*)::int AS n FROM m`,
      [...values, replay.id, input.by],
    );
    await tx.webhookReplay.update({ where: { id: replay.id }, data: { total: Number(marked[0]?.n ?? 0) } });
    await ctx.enqueue(tx, replayJob, { replayId: replay.id });
    return replay.id;
  });
  ctx.wake(replayJob);
  return { replayId, count, cap: REPLAY_CAP };
}

export const replayJob = defineJob({
  name: "webhooks.replay",
  expireInSeconds: 3600,
  payload: z.object({ replayId: z.uuid() }),
  async handler(ctx, { replayId }) {
    for (;;) {
      const n = await ctx.db.$transaction(async (tx) => {
        // Due now, each with a new round of retries (deliver-callback.ts).
        const { rows } = await txSql(tx).query<{ id: string }>(
          `UPDATE callbacks SET state = 'pending', due_at = now(), round_from = attempts
            WHERE id IN (SELECT id FROM callbacks WHERE replay_id = $1::uuid AND state = 'queued' ORDER BY created_at, id LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)
           RETURNING id`,
          [replayId],
        );
        await tx.webhookReplay.update({ where: { id: replayId }, data: { queued: { increment: rows.length }, ...(rows.length < CHUNK ? { queuedAt: ctx.now() } : {}) } });
        return rows.length;
      });
      if (n) ctx.wake(deliverCallback);
      if (n < CHUNK) return;
    }
  },
});

/** A bulk replay's progress, counted from its callbacks. */
export async function replayProgress(ctx: Ctx, input: { accountId: string; id: string }) {
  const replay = isUuid(input.id) ? await ctx.db.webhookReplay.findFirst({ where: { id: input.id, accountId: input.accountId } }) : null;
  if (!replay) return fail("notFound", { message: "Replay not found.", property: "id" });
  const { rows } = await ctx.sql.query<{ state: string; n: number }>("SELECT state, count(*)::int AS n FROM callbacks WHERE replay_id = $1::uuid GROUP BY state", [replay.id]);
  const by = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  const delivered = by.delivered ?? 0;
  const failed = by.failed ?? 0;
  const paused = by.paused ?? 0;
  return {
    id: replay.id,
    requestedBy: replay.requestedBy,
    filter: replay.filter,
    total: replay.total,
    handedOver: replay.queued,
    delivered,
    failed,
    paused,
    waiting: replay.total - delivered - failed - paused,
    done: delivered + failed + paused >= replay.total,
    createdAt: replay.createdAt,
  };
}
