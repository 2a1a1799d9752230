// The contact model as the API shows it, and the names fixed by Routee's API: default labels,
// blacklist services and the two groups every account has without creating them.

export type LabelType = "Text" | "Number";
export type LabelValue = string | number;
/** Custom label name → type, for one account. */
export type LabelTypes = ReadonlyMap<string, LabelType>;

/** Built-in labels: fields of every contact, listed with the custom ones by GET /contacts/labels/my. */
export const DEFAULT_LABELS: Readonly<Record<string, LabelType>> = {
  firstName: "Text",
  lastName: "Text",
  mobile: "Text",
  email: "Text",
  country: "Text",
  vip: "Text",
};

export const BLACKLIST_SERVICES = ["Sms", "Voice", "Viber", "TwoStep", "Lookup", "NumberValidator"] as const;
export type BlacklistService = (typeof BLACKLIST_SERVICES)[number];

/** The service as spelled by Routee, from any letter case; null when it is not one. */
export function blacklistService(value: string): BlacklistService | null {
  const v = value.trim().toLowerCase();
  return BLACKLIST_SERVICES.find((s) => s.toLowerCase() === v) ?? null;
}

/** Every contact of the account. */
export const GROUP_ALL = "All";
/** The contacts that are in no group. */
export const GROUP_NOT_LISTED = "NotListed";
export const VIRTUAL_GROUPS: readonly string[] = [GROUP_ALL, GROUP_NOT_LISTED];

export function isVirtualGroup(name: string): boolean {
  return name === GROUP_ALL || name === GROUP_NOT_LISTED;
}

/** A contact's own fields, the built-in labels: "" for text not known. */
export interface ContactBasics {
  mobile: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  vip: boolean;
}

/** A contact as every endpoint answers it: every key present, never null. */
export interface ContactView extends ContactBasics {
  id: string;
  groups: string[];
  blacklistedServices: string[];
  labels: { name: string; type: LabelType; value: LabelValue }[];
}

/** What the campaign engine needs of a contact. */
export interface ContactMember extends ContactBasics {
  id: string;
  /** Custom label values by name. */
  labels: Record<string, LabelValue>;
  blacklistedServices: string[];
}

/** How a group filter compares a label with its searchTerm (case-insensitively). */
export const SEARCH_OPERATORS = ["is", "is_not", "contains", "starts_with", "ends_with"] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** { name, size } of a group; numberOfContacts repeats size for older clients. */
export interface GroupSize {
  name: string;
  size: number;
  numberOfContacts: number;
}

export function groupSize(name: string, size: number): GroupSize {
  return { name, size, numberOfContacts: size };
}
