// Every label of the account, default and custom, as name → type.
import type { Ctx } from "../context.ts";
import { loadLabelTypes } from "./contact-rows.ts";
import { DEFAULT_LABELS, type LabelType } from "./model.ts";

export async function listLabels(ctx: Ctx, accountId: string): Promise<Record<string, LabelType>> {
  const custom = await loadLabelTypes(ctx, accountId);
  return { ...DEFAULT_LABELS, ...Object.fromEntries(custom) };
}
