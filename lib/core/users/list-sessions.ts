// A user's sessions that may still be open: their sign-ins (from the audit log, with address and
// browser) within a session's lifetime and since their sessions were last ended (a password change
// or reset, "sign out everywhere", turning two-factor sign-in on). A session ends at the latest
// when its lifetime does.
import type { Ctx } from "../context.ts";

const SESSION_HOURS = 12;
const enders = { own: ["password.changed", "sessions.ended", "two-factor.enabled"], byOwner: ["user.password-reset", "user.signed-out"] };

export async function listSessions(ctx: Ctx, input: { accountId: string; userId: string }) {
  const lifetime = new Date(ctx.now().getTime() - SESSION_HOURS * 3600_000);
  const ended = await ctx.db.auditEvent.findFirst({
    where: {
      accountId: input.accountId,
      OR: [
        { actorId: input.userId, action: { in: enders.own } },
        { target: input.userId, action: { in: enders.byOwner } },
      ],
    },
    orderBy: { at: "desc" },
    select: { at: true },
  });
  const since = ended && ended.at > lifetime ? ended.at : lifetime;
  const signIns = await ctx.db.auditEvent.findMany({
    where: { accountId: input.accountId, actorId: input.userId, action: "sign-in", at: { gt: since } },
    orderBy: { at: "desc" },
    take: 50,
    select: { at: true, ip: true, userAgent: true },
  });
  return signIns.map((s) => ({ signedInAt: s.at, endsAt: new Date(s.at.getTime() + SESSION_HOURS * 3600_000), ip: s.ip, userAgent: s.userAgent }));
}
