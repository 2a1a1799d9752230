// A signed-in platform administrator for the operator routes' tests.
import type { Ctx } from "../../lib/core/context.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";

export async function operatorCookie(ctx: Ctx): Promise<Record<string, string>> {
  const { account } = await makeAccount(ctx);
  const admin = await createUser(ctx, { accountId: account.id, email: `operator-${account.id}@example.com`, password: "long enough pw", role: "owner", platformAdmin: true });
  return { cookie: await sessionCookie(admin.id) };
}
