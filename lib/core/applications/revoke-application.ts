// Revokes an application and every token it holds; its id and secret stop working at once.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export async function revokeApplication(ctx: Ctx, input: { accountId: string; applicationId: string }) {
  const now = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    const app = await tx.application.findFirst({ where: { id: input.applicationId, accountId: input.accountId } });
    if (!app) fail("notFound", { message: "Application not found.", property: "applicationId" });
    if (app.revokedAt) return app;
    await tx.accessToken.updateMany({ where: { applicationId: app.id, revokedAt: null }, data: { revokedAt: now } });
    return tx.application.update({ where: { id: app.id }, data: { revokedAt: now } });
  });
}
