// Validates and normalises one contact's fields, as the API sends them or as a CSV row gives them:
// mobile to E.164 (without '+' too, or national when the country is given), country from the
// number, names trimmed, vip from "true"/"false", label values checked against their types.
// Pure and cheap: no database, so the bulk importer runs it per row.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { DEFAULT_LABELS, isVirtualGroup, type ContactBasics, type LabelTypes, type LabelValue } from "./model.ts";

export interface ContactFields extends ContactBasics {
  /** Custom label values by name; a label sent with an empty value is left out. */
  labels: Record<string, LabelValue>;
  /** Named groups to tag the contact with (never All or NotListed); absent when not sent. */
  groups?: string[];
}

/** Which catalog error the problem maps to: validation (400000000) or a label error of module 002. */
export type ContactInputError = "validation" | "invalidLabels" | "labelNotFound" | "duplicateContactLabels";

export type NormalizeResult<T> = { ok: true; fields: T } | { ok: false; error: ContactInputError; errors: Record<string, string>; value?: string };

export interface NormalizeOptions {
  /** The account's custom labels; without it label names are not checked and values are kept as text. */
  labelTypes?: LabelTypes;
  /** Update mode: only the fields present are returned and mobile is not required. */
  partial?: boolean;
}

const NAME_MAX = 60;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALPHA2 = /^[A-Z]{2}$/;
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const TEXT_VALUE_MAX = 1000;

export function normalizeContactInput(input: unknown, options?: NormalizeOptions & { partial?: false }): NormalizeResult<ContactFields>;
export function normalizeContactInput(input: unknown, options: NormalizeOptions & { partial: true }): NormalizeResult<Partial<ContactFields>>;
export function normalizeContactInput(input: unknown, options: NormalizeOptions = {}): NormalizeResult<Partial<ContactFields>> {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, error: "validation", errors: { body: "A contact object is required" } };
  const src = input as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const out: Partial<ContactFields> = {};
  let labelError: { error: ContactInputError; value?: string } | undefined;
  const labelProblem = (error: ContactInputError, key: string, message: string, value?: string) => {
    errors[key] ??= message;
    labelError ??= { error, value };
  };

  // Labels first: default labels sent among them (firstName…) fill the field when it is absent.
  const fromLabels: Record<string, unknown> = {};
  const labelsIn = src.labels;
  if (labelsIn !== undefined && labelsIn !== null) {
    const items = labelItems(labelsIn);
    if (!items) labelProblem("invalidLabels", "labels", "labels must be an array of {name, value}");
    else {
      const labels: Record<string, LabelValue> = {};
      const seen = new Set<string>();
      for (const item of items) {
        if (!item) {
          labelProblem("invalidLabels", "labels", "Each label needs a name and a value");
          continue;
        }
        const { name, value } = item;
        if (seen.has(name)) {
          labelProblem("duplicateContactLabels", `labels.${name}`, `The label ${name} is given more than once`, name);
          continue;
        }
        seen.add(name);
        if (Object.hasOwn(DEFAULT_LABELS, name)) {
          fromLabels[name] = value;
          continue;
        }
        const type = options.labelTypes ? options.labelTypes.get(name) : "Text";
        if (!type) {
          labelProblem("labelNotFound", `labels.${name}`, `There is no label named ${name}`, name);
          continue;
        }
        if (value === undefined || value === null || value === "") continue;
        const v = labelValue(value, type);
        if (v === null) labelProblem("invalidLabels", `labels.${name}`, type === "Number" ? `${name} must be a number` : `${name} must be text`, name);
        else labels[name] = v;
      }
      out.labels = labels;
    }
  }
  const given = (key: string): unknown => {
    const v = src[key];
    return v === undefined || v === null ? (fromLabels[key] ?? undefined) : v;
  };
  const present = (key: string) => {
    const v = given(key);
    return v !== undefined && v !== null;
  };

  for (const key of ["firstName", "lastName"] as const) {
    if (!present(key)) continue;
    const v = given(key);
    if (typeof v !== "string" && typeof v !== "number") errors[key] = `${key} must be text`;
    else {
      const text = String(v).trim();
      if (text.length > NAME_MAX) errors[key] = `${key} is at most ${NAME_MAX} characters`;
      else out[key] = text;
    }
  }

  if (present("email")) {
    const v = given("email");
    const text = typeof v === "string" ? v.trim() : null;
    if (text === null || (text !== "" && (text.length > 254 || !EMAIL.test(text)))) errors.email = "Invalid email address";
    else out.email = text;
  }

  let country: string | undefined;
  if (present("country")) {
    const v = given("country");
    const text = typeof v === "string" ? v.trim().toUpperCase() : null;
    if (text === null || (text !== "" && !ALPHA2.test(text))) errors.country = "country must be an ISO 3166-1 alpha-2 code";
    else if (text) country = text;
  }

  if (present("mobile")) {
    const parsed = parseMobile(given("mobile"), country);
    if (!parsed) errors.mobile = "Invalid mobile number";
    else {
      out.mobile = parsed.e164;
      out.country = country ?? parsed.country;
    }
  } else if (!options.partial) errors.mobile = "mobile is required";
  if (country && out.country === undefined) out.country = country;
  if (present("country") && !errors.country && out.country === undefined && options.partial) out.country = "";

  if (present("vip")) {
    const v = looseBool(given("vip"));
    if (v === null) errors.vip = "vip must be true or false";
    else out.vip = v;
  }

  if (src.groups !== undefined && src.groups !== null) {
    const groups = groupNames(src.groups);
    if (!groups) errors.groups = "groups must be an array of group names";
    else out.groups = groups;
  }

  const fieldError = Object.keys(errors).some((k) => k !== "labels" && !k.startsWith("labels."));
  if (fieldError) return { ok: false, error: "validation", errors };
  if (labelError) return { ok: false, error: labelError.error, errors, value: labelError.value };
  if (!options.partial) return { ok: true, fields: { ...withDefaults(out), ...(out.groups ? { groups: out.groups } : {}) } };
  return { ok: true, fields: out };
}

/** The fields as a contact stores them: text not given is "", vip false, no labels. */
export function withDefaults(f: Partial<ContactFields>): ContactBasics & Pick<ContactFields, "labels"> {
  return {
    mobile: f.mobile!,
    firstName: f.firstName ?? "",
    lastName: f.lastName ?? "",
    email: f.email ?? "",
    country: f.country ?? "",
    vip: f.vip ?? false,
    labels: f.labels ?? {},
  };
}

/** A mobile in E.164: international with or without '+' or 00, or national in the given country. */
export function parseMobile(value: unknown, country?: string): { e164: string; country: string } | null {
  const r = parseRecipient(value, { type: false });
  if (r) return { e164: r.e164, country: r.country };
  if (!country || (typeof value !== "string" && typeof value !== "number")) return null;
  const text = String(value).trim();
  if (!text || text.length > 30) return null;
  const phone = parsePhoneNumberFromString(text, { defaultCountry: country as CountryCode, extract: false });
  if (!phone?.isValid() || !phone.country) return null;
  return { e164: phone.number, country: phone.country };
}

function labelItems(input: unknown): ({ name: string; value: unknown } | null)[] | null {
  if (Array.isArray(input))
    return input.map((item) => {
      if (!item || typeof item !== "object" || Array.isArray(item)) return null;
      const { name, value } = item as Record<string, unknown>;
      if (typeof name !== "string" || !name.trim()) return null;
      return { name: name.trim(), value };
    });
  // Also accepted: an object of name → value.
  if (typeof input === "object" && input !== null) return Object.entries(input).map(([name, value]) => (name.trim() ? { name: name.trim(), value } : null));
  return null;
}

function labelValue(value: unknown, type: "Text" | "Number"): LabelValue | null {
  if (type === "Number") {
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    if (typeof value === "string" && NUMERIC.test(value.trim())) {
      const n = Number(value.trim());
      return Number.isFinite(n) ? n : null;
    }
    return null;
  }
  if (typeof value === "string") return value.length > TEXT_VALUE_MAX ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function looseBool(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (v === "true" || v === "1" || v === "yes") return true;
    if (v === "false" || v === "0" || v === "no" || v === "") return false;
  }
  return null;
}

function groupNames(input: unknown): string[] | null {
  const list = Array.isArray(input) ? input : typeof input === "string" ? [input] : null;
  if (!list) return null;
  const out = new Set<string>();
  for (const g of list) {
    const name = typeof g === "string" ? g : g && typeof g === "object" ? (g as { name?: unknown }).name : undefined;
    if (typeof name !== "string") return null;
    const n = name.trim();
    if (n && !isVirtualGroup(n)) out.add(n);
  }
  return [...out];
}
