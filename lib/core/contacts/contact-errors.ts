// The errors contact functions throw, with Routee's entity/value details.
import { fail } from "../errors.ts";
import type { NormalizeResult } from "./normalize-contact-input.ts";

export function contactNotFound(id: string): never {
  fail("contactNotFound", { message: `There is no contact with id "${id}".`, entity: "Contact", value: id, property: id });
}

export function mobileTaken(mobile: string): never {
  fail("contactOrGroupExists", { message: `A contact with mobile ${mobile} already exists.`, entity: "Contact", value: mobile, property: "mobile" });
}

export function failContactInput(r: Extract<NormalizeResult<unknown>, { ok: false }>): never {
  const [property, message] = Object.entries(r.errors)[0] ?? ["body", "Invalid contact"];
  if (r.error === "validation") fail("validation", { message: "Validation Error!", property, properties: r.errors });
  fail(r.error, { message, property, properties: r.errors, entity: "Label", value: r.value });
}
