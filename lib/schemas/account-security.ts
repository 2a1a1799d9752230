// Self-service account security in the dashboard: a user changes their password or signs out
// everywhere; an owner resets a user's password (shown once) or signs a user out everywhere.
import { z } from "zod";
import { dashboardRoute, defineRoute, ownerRoute } from "../http/route-spec.ts";
import { userView } from "./dashboard-users.ts";
import { isoDate } from "./iso.ts";
import { idParams } from "./path-segment.ts";

export const changePasswordForm = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(200),
  newPassword: z.string().min(8, "Use at least 8 characters").max(200, "At most 200 characters"),
});
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

const nothing = { body: z.object({}).passthrough(), emptyBody: {} } as const;

export const changePasswordRoute = defineRoute(dashboardRoute, "POST /dashboard/me/password", {
  summary: "Change your password (the current one required); your other sessions end",
  body: changePasswordForm,
  response: z.object({ changed: z.boolean() }),
  errors: ["wrongPassword", "tooManySignInAttempts"],
});

export const endMySessionsRoute = defineRoute(dashboardRoute, "POST /dashboard/me/sign-out-everywhere", {
  summary: "End every one of your sessions, this one too",
  ...nothing,
  response: z.object({ signedOut: z.boolean() }),
});

export const resetUserPasswordRoute = defineRoute(ownerRoute, "POST /dashboard/users/{id}/password", {
  summary: "Give a user a new generated password, shown once; their sessions end",
  params: idParams,
  ...nothing,
  response: userView.extend({ password: z.string() }),
  errors: ["userNotFound", "selfChange"],
});

export const endUserSessionsRoute = defineRoute(ownerRoute, "POST /dashboard/users/{id}/sign-out", {
  summary: "Sign a user out everywhere",
  params: idParams,
  ...nothing,
  response: userView,
  errors: ["userNotFound"],
});

export const sessionView = z.object({ signedInAt: isoDate, endsAt: isoDate, ip: z.string(), userAgent: z.string() });
export type SessionView = z.infer<typeof sessionView>;

export const mySessionsRoute = defineRoute(dashboardRoute, "GET /dashboard/me/sessions", {
  summary: "Your sessions that may still be open: where and when you signed in",
  response: z.object({ content: z.array(sessionView) }),
});
