// The operator's two-factor command: clear a user's two-factor sign-in when they lost their phone
// and their recovery codes, and no owner of their account can (run-command.ts hands it over).
import type { Ctx } from "../../lib/core/context.ts";
import { fail } from "../../lib/core/errors.ts";
import { resetTwoFactorByEmail } from "../../lib/core/two-factor/manage-two-factor.ts";

export const twoFactorUsage = "  user 2fa reset EMAIL                         (clears the user's two-factor sign-in: they sign in with their password and set it up again)";

export async function twoFactorCommand(ctx: Ctx, positionals: string[]): Promise<Record<string, unknown>> {
  const [verb, email] = positionals.slice(2);
  if (verb !== "reset") fail("validation", { message: "Known: user 2fa reset EMAIL.", property: "command" });
  if (!email) fail("validation", { message: "user 2fa reset needs the user's email.", property: "email" });
  const r = await resetTwoFactorByEmail(ctx, email);
  return { userId: r.userId, email: r.email, twoFactor: r.wasOn ? "reset" : "was not on" };
}
