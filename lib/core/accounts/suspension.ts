// What a suspended account's callers are told. A suspension refuses the account's API tokens (and
// the token endpoint), its dashboard users at sign-in and on every request, and parks its
// campaigns' jobs (park-job.ts); the state lives on the account (suspended_at, suspended_reason).
import { fail } from "../errors.ts";

export interface SuspensionState {
  suspendedAt: Date | null;
  suspendedReason: string;
}

/** Why a suspended account's caller is refused, with the operator's reason when there is one. */
export function suspendedMessage(what: string, reason: string): string {
  const why = reason.trim().replace(/[.\s]+$/, "");
  return `The account is suspended by the platform operator${why ? ` (${why})` : ""}. ${what} until the operator reactivates it.`;
}

/** Throws 403 accountSuspended when the account is suspended; `what` says what is refused. */
export function refuseSuspended(account: SuspensionState, what: string): void {
  if (account.suspendedAt) fail("accountSuspended", { message: suspendedMessage(what, account.suspendedReason) });
}

export const accountState = (account: Pick<SuspensionState, "suspendedAt">) => (account.suspendedAt ? "suspended" : "active");
