// A list row from the full view: the view narrowed to the fields of the row's schema (without
// parsing it again), and a long body shortened for the list.
import type { z } from "zod";

export function pickShape<S extends z.ZodObject>(schema: S, from: object): z.output<S> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) out[key] = (from as Record<string, unknown>)[key];
  return out as z.output<S>;
}

/** The first 160 characters of a message body: what a list shows of it. */
export const bodyPreview = (body: string): string => (body.length > 160 ? body.slice(0, 160) : body);
