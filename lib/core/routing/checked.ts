// Input that did not come through an API body (a connector URL, the command line's options)
// checked against the same zod schema the API uses, failing as the validation error of the
// catalog with the offending property, as a route would.
import type { z } from "zod";
import { fail } from "../errors.ts";

/** The parsed value, or a 400 naming the first problem; `property` replaces the path (e.g. "url"). */
export function checked<S extends z.ZodType>(schema: S, value: unknown, property?: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.join(".");
  invalid(property ?? (path || "body"), issue.message, `Validation Error! ${path ? `${path}: ` : ""}${issue.message}`);
}

/** A 400 on one property: `property` and Routee's `properties` map (where the console's forms put it on the field). */
export function invalid(property: string, message: string, developerMessage = `${property}: ${message}`): never {
  fail("validation", { message: developerMessage, property, properties: { [property]: message } });
}
