// A signed-in platform administrator for the operator routes' tests.
import type { Ctx } from "../../lib/core/context.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";

export async function operatorCookie(ctx: Ctx): Promise<Record<string, string>> {
  const a = await makeAccount(ctx);
  return { cookie: await sessionCookie(a.user.id) };
}
