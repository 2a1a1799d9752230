// The spec's scopes and the permission each one grants in token answers.

export const scopePermissions = {
  contact: "MT_ROLE_CONTACT",
  account: "MT_ROLE_ACCOUNT_FINANCE",
  report: "MT_ROLE_REPORT",
  sms: "MT_ROLE_SMS",
  voice: "MT_ROLE_VOICE",
  lookup: "MT_ROLE_LOOKUP",
  number_validator: "MT_ROLE_NUMBER_VALIDATOR",
  "2step": "MT_ROLE_2STEP",
  viber: "MT_ROLE_VIBER",
  sender_info: "MT_ROLE_SENDER_INFO",
  virtual_number: "MT_ROLE_VIRTUAL_NUMBER",
  number_pool: "MT_ROLE_NUMBER_POOL",
  webhooks: "MT_ROLE_WEBHOOKS",
  /** Reading the account's audit log (GET /audit-events): not Routee's, Switchboard's own. */
  audit: "MT_ROLE_AUDIT",
} as const;

export type Scope = keyof typeof scopePermissions;

export const allScopes = Object.keys(scopePermissions) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopePermissions, value);
}

/** Splits a scope parameter written with spaces, commas or plus signs. */
export function splitScopes(text: string): string[] {
  return text.split(/[\s,+]+/).filter(Boolean);
}

export function permissionsFor(scopes: readonly Scope[]): string[] {
  return scopes.map((s) => scopePermissions[s]);
}
