// First start on an empty database: a demo account with an owner (a platform administrator too),
// an application holding every scope, and the default price list. Returns the credentials to
// print, or null when the database already had accounts.
import type { Ctx } from "../context.ts";
import { randomSecret } from "../secrets/hashing.ts";
import { allScopes } from "../tokens/scopes.ts";
import { createAccount } from "../accounts/create-account.ts";
import { createApplication } from "../applications/create-application.ts";
import { createUser } from "../users/create-user.ts";
import { seedPrices } from "../prices/seed-prices.ts";

export interface DemoCredentials {
  accountId: string;
  userEmail: string;
  userPassword: string;
  applicationId: string;
  applicationSecret: string;
}

const SEED_LOCK = 727_274_002;

export async function seedDemo(ctx: Ctx): Promise<DemoCredentials | null> {
  return ctx.sql.session(async (sql) => {
    await sql.query("SELECT pg_advisory_lock($1)", [SEED_LOCK]);
    try {
      await seedPrices(ctx);
      if ((await ctx.db.account.count()) > 0) return null;
      const account = await createAccount(ctx, { name: "Demo Company", currency: "EUR", balance: 100 });
      const password = randomSecret(9);
      const user = await createUser(ctx, {
        accountId: account.id,
        email: "demo@switchboard.local",
        password,
        name: "Demo Owner",
        role: "owner",
        // The first start's user also runs the platform (the Operator area).
        platformAdmin: true,
      });
      const { clientId, secret } = await createApplication(ctx, {
        accountId: account.id,
        name: "Demo application",
        scopes: allScopes,
      });
      return {
        accountId: account.id,
        userEmail: user.email,
        userPassword: password,
        applicationId: clientId,
        applicationSecret: secret,
      };
    } finally {
      await sql.query("SELECT pg_advisory_unlock($1)", [SEED_LOCK]);
    }
  });
}
