// An account's webhook settings: when an endpoint pauses (N consecutive failures over at least
// T minutes) and its pace (C POSTs at once, R per second). No row means the defaults.
import type { Ctx } from "../context.ts";
import { DEFAULT_PAUSE_AFTER_FAILURES, DEFAULT_PAUSE_AFTER_MINUTES } from "./store-outcomes.ts";

export interface WebhookSettings {
  pauseAfterFailures: number;
  pauseAfterMinutes: number;
  maxConcurrency: number;
  /** 0: no limit. */
  maxPerSecond: number;
}

export const defaultWebhookSettings: WebhookSettings = {
  pauseAfterFailures: DEFAULT_PAUSE_AFTER_FAILURES,
  pauseAfterMinutes: DEFAULT_PAUSE_AFTER_MINUTES,
  maxConcurrency: 100,
  maxPerSecond: 0,
};

export async function readWebhookSettings(ctx: Ctx, accountId: string): Promise<WebhookSettings> {
  const row = await ctx.db.webhookSettings.findUnique({ where: { accountId } });
  if (!row) return { ...defaultWebhookSettings };
  return { pauseAfterFailures: row.pauseAfterFailures, pauseAfterMinutes: row.pauseAfterMinutes, maxConcurrency: row.maxConcurrency, maxPerSecond: row.maxPerSecond };
}

export async function updateWebhookSettings(ctx: Ctx, input: { accountId: string } & Partial<WebhookSettings>): Promise<WebhookSettings> {
  const current = await readWebhookSettings(ctx, input.accountId);
  const next: WebhookSettings = {
    pauseAfterFailures: input.pauseAfterFailures ?? current.pauseAfterFailures,
    pauseAfterMinutes: input.pauseAfterMinutes ?? current.pauseAfterMinutes,
    maxConcurrency: input.maxConcurrency ?? current.maxConcurrency,
    maxPerSecond: input.maxPerSecond ?? current.maxPerSecond,
  };
  const at = ctx.now();
  await ctx.db.webhookSettings.upsert({ where: { accountId: input.accountId }, create: { accountId: input.accountId, ...next, updatedAt: at }, update: { ...next, updatedAt: at } });
  return next;
}
