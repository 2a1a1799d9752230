// One row of a contacts import, checked and normalised the way it will be stored, or the reason
// it cannot be. Pure (no database), so the import page previews rows with the same rules the
// server applies. A national number is read in the row's country, else the default country;
// numbers written with '+' or 00 are always international.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { normalizeContactInput, withDefaults, type ContactFields } from "./normalize-contact-input.ts";
import type { ContactBasics, LabelTypes } from "./model.ts";

/** The fields a row gives. Text left empty is "", which never overwrites an existing value. */
export interface ImportFields extends ContactBasics {
  /** Whether the row says anything about vip (only then does it change an existing contact). */
  vipGiven: boolean;
  labels: ContactFields["labels"];
  groups: string[];
}

export type PreparedRow = { ok: true; fields: ImportFields } | { ok: false; value: string; reason: string };

export interface PrepareOptions {
  labelTypes: LabelTypes;
  /** ISO 3166-1 alpha-2 country for national numbers in rows without a country. */
  defaultCountry?: string;
}

const ALPHA2 = /^[A-Za-z]{2}$/;

export function prepareImportRow(input: unknown, options: PrepareOptions): PreparedRow {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, value: "", reason: "The row is not a contact object" };
  const src = input as Record<string, unknown>;
  const mobile = src.mobile;
  if (mobile === undefined || mobile === null || (typeof mobile === "string" && mobile.trim() === "")) return { ok: false, value: "", reason: "No mobile number" };

  const row: Record<string, unknown> = { ...src };
  const country = typeof src.country === "string" && ALPHA2.test(src.country.trim()) ? src.country.trim().toUpperCase() : options.defaultCountry;
  const national = nationalNumber(mobile, country);
  if (national) row.mobile = national;

  const r = normalizeContactInput(row, { labelTypes: options.labelTypes, partial: true });
  if (!r.ok) {
    // The mobile's problem first: without a number there is no contact at all.
    const [key, reason] = Object.entries(r.errors).sort(([a], [b]) => Number(b === "mobile") - Number(a === "mobile"))[0] ?? ["mobile", "Invalid contact"];
    return { ok: false, value: display(valueAt(src, key)), reason };
  }
  const f = r.fields;
  return { ok: true, fields: { ...withDefaults(f), vipGiven: f.vip !== undefined, groups: f.groups ?? [] } };
}

/**
 * A later row for the same mobile, applied over an earlier one as if imported after it: its
 * non-empty values win, labels and groups add up.
 */
export function mergeImportFields(earlier: ImportFields, later: ImportFields): ImportFields {
  const text = (a: string, b: string) => (b === "" ? a : b);
  return {
    mobile: later.mobile,
    firstName: text(earlier.firstName, later.firstName),
    lastName: text(earlier.lastName, later.lastName),
    email: text(earlier.email, later.email),
    country: text(earlier.country, later.country),
    vip: later.vipGiven ? later.vip : earlier.vip,
    vipGiven: earlier.vipGiven || later.vipGiven,
    labels: { ...earlier.labels, ...later.labels },
    groups: [...new Set([...earlier.groups, ...later.groups])],
  };
}

/** E.164 of a number written without '+' or 00 that is valid in `country`; null otherwise. */
function nationalNumber(value: unknown, country: string | undefined): string | null {
  if (!country || (typeof value !== "string" && typeof value !== "number")) return null;
  const text = String(value).trim();
  if (!text || text.length > 30 || /^(\+|00)/.test(text.replace(/[\s().-]/g, ""))) return null;
  const phone = parsePhoneNumberFromString(text, { defaultCountry: country as CountryCode, extract: false });
  return phone?.isValid() && phone.country ? phone.number : null;
}

/** The row's value behind an error key ("email", "labels.city"). */
function valueAt(src: Record<string, unknown>, key: string): unknown {
  if (!key.startsWith("labels.")) return src[key] ?? (src.labels && typeof src.labels === "object" ? (src.labels as Record<string, unknown>)[key] : undefined);
  const name = key.slice("labels.".length);
  const labels = src.labels;
  if (Array.isArray(labels)) return labels.find((l) => l && typeof l === "object" && (l as { name?: unknown }).name === name)?.value;
  if (labels && typeof labels === "object") return (labels as Record<string, unknown>)[name];
  return undefined;
}

function display(v: unknown): string {
  if (v === undefined || v === null) return "";
  const text = typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
