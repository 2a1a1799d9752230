// Sends a callback again: a new callback row with the same URL, kind and payload, enqueued in
// the transaction that creates it. The original keeps its own attempt log.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { scheduleCallback } from "./schedule-callback.ts";
import { isUuid } from "../../ids.ts";

export async function resendCallback(ctx: Ctx, input: { accountId: string; callbackId: string }) {
  const notFound = () => fail("notFound", { message: "Callback not found.", property: "id" });
  if (!isUuid(input.callbackId)) notFound();
  const original = await ctx.db.callback.findFirst({ where: { id: input.callbackId, accountId: input.accountId } });
  if (!original) return notFound();
  // PGlite has one connection: the queue must exist before the transaction takes it.
  await ctx.enqueue.ready();
  const row = await ctx.db.$transaction((tx) =>
    scheduleCallback(ctx, tx, {
      accountId: original.accountId,
      kind: original.kind,
      url: original.url,
      payload: original.payload as object,
      messageId: original.messageId ?? undefined,
    }),
  );
  return { ...row, attemptLog: [] };
}
