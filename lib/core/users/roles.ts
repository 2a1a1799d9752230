// Who may do what in the dashboard. Support staff search and read; marketers also compose (send
// SMS, run campaigns, change contacts); owners also manage applications and users. Route specs
// name these lists in `roles`, pages check them with requireRole, the sidebar hides the rest.
// Pure: no context.
import type { Role } from "../../db/generated/enums.ts";

export const roles = ["owner", "marketer", "support"] as const satisfies readonly Role[];

/** Send or spend: single SMS, campaigns, contact changes, callback resends. */
export const composerRoles = ["owner", "marketer"] as const satisfies readonly Role[];

/** Manage the account: applications (API credentials) and users. */
export const ownerRoles = ["owner"] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** What each role may do, in one sentence, for the users page and refusals. */
export const roleSummaries: Record<Role, string> = {
  owner: "Everything, including applications, users and billing.",
  marketer: "Sends SMS, runs campaigns and edits contacts; cannot manage applications or users.",
  support: "Searches and reads messages, campaigns and contacts; cannot send or spend.",
};
