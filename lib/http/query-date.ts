// ISO 8601 date-times as clients really send them: with or without seconds or zone, wrapped in
// JSON quotes (the C# SDK), or as Unix seconds. A value without a zone is UTC.
import { z } from "zod";

export function parseLooseDate(input: unknown): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === "number") return Number.isFinite(input) ? new Date(input * 1000) : null;
  if (typeof input !== "string") return null;
  let text = input
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .replace(/^'(.*)'$/, "$1")
    .trim();
  if (text === "") return null;
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  text = text.replace(" ", "T");
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2}(?:\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!m) return null;
  const zone = m[4] ? (m[4].toUpperCase() === "Z" ? "Z" : m[4].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")) : "Z";
  const d = new Date(`${m[1]}T${m[2] ?? "00:00"}${m[3] ?? ":00"}${zone}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export const looseDate = z.unknown().transform((v, ctx) => {
  const d = parseLooseDate(v);
  if (!d) {
    ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date-time such as 2026-11-21T15:00:00Z" });
    return z.NEVER;
  }
  return d;
});

export const optionalLooseDate = z
  .preprocess((v) => (v === "" || v === undefined ? undefined : v), looseDate.optional())
  .meta({ type: "string", format: "date-time", description: "ISO 8601 date-time; without a zone it is UTC." });
