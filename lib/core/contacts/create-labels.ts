// Defines custom contact labels. A name may not repeat in the request (400002014) nor match a
// default or existing label (409002011); Number labels make contact values numeric.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { DEFAULT_LABELS, type LabelType } from "./model.ts";
import { isUniqueViolation } from "../../db/errors.ts";

export interface LabelDefinition {
  name: string;
  type: LabelType;
}

export async function createLabels(ctx: Ctx, accountId: string, labels: LabelDefinition[]): Promise<LabelDefinition[]> {
  if (!labels.length) fail("validation", { message: "Validation Error! Send at least one label.", properties: { labels: "At least one label is required" } });
  const seen = new Set<string>();
  for (const l of labels) {
    if (seen.has(l.name)) fail("repeatedLabelName", { message: `The label name "${l.name}" appears more than once.`, entity: "Label", value: l.name, property: "name" });
    seen.add(l.name);
  }
  const defaults = Object.keys(DEFAULT_LABELS).map((n) => n.toLowerCase());
  const taken = labels.find((l) => defaults.includes(l.name.toLowerCase()));
  if (taken) labelExists(taken.name);
  const existing = await ctx.db.contactLabel.findFirst({ where: { accountId, name: { in: labels.map((l) => l.name) } }, select: { name: true } });
  if (existing) labelExists(existing.name);
  try {
    // A millisecond apart, so that labels keep the order they were defined in.
    const at = ctx.now().getTime();
    await ctx.db.contactLabel.createMany({ data: labels.map((l, i) => ({ accountId, name: l.name, type: l.type, createdAt: new Date(at + i) })) });
  } catch (err) {
    if (isUniqueViolation(err)) labelExists(labels[0].name);
    throw err;
  }
  return labels.map((l) => ({ name: l.name, type: l.type }));
}

function labelExists(name: string): never {
  fail("labelExists", { message: `A label named "${name}" already exists.`, entity: "Label", value: name, property: "name" });
}
