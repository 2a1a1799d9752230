// Who is calling: an API application (bearer token) or a dashboard user (session cookie).
// Either way every query below is scoped by principal.accountId.
import type { ApplicationPrincipal } from "../core/tokens/authenticate-token.ts";
import type { Role } from "../db/generated/enums.ts";

export type { ApplicationPrincipal };

export interface UserPrincipal {
  kind: "user";
  accountId: string;
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** A platform administrator: may use the operator console (routes with `platformAdmin`). */
  platformAdmin: boolean;
  /** The account requires two-factor sign-in and the user has not set it up: only /dashboard/me/* answers. */
  twoFactorPending?: boolean;
}

export type Principal = ApplicationPrincipal | UserPrincipal;
