// Dashboard JSON for two-factor sign-in (TOTP): a user sets it up (QR code, then a code to
// confirm, then recovery codes shown once) or turns it off with their password; an owner
// requires it of every user of the account or clears a user's (a lost phone).
import { z } from "zod";
import { dashboardRoute, defineRoute, ownerRoute } from "../http/route-spec.ts";
import { oneUser } from "./dashboard-users.ts";

export const twoFactorCodeForm = z.object({
  code: z
    .string()
    .transform((s) => s.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your app shows")),
});
export type TwoFactorCodeForm = z.input<typeof twoFactorCodeForm>;

export const disableTwoFactorForm = z.object({ password: z.string().min(1, "Enter your password").max(200) });
export type DisableTwoFactorForm = z.infer<typeof disableTwoFactorForm>;

export const twoFactorPolicyForm = z.object({ required: z.boolean() });

export const twoFactorStatusView = z.object({
  enabled: z.boolean(),
  /** "" while it is off. */
  enabledAt: z.string(),
  recoveryCodesLeft: z.number().int(),
  /** An owner of the account requires it of every user. */
  required: z.boolean(),
});
export type TwoFactorStatusView = z.infer<typeof twoFactorStatusView>;

export const twoFactorSetupView = z.object({
  /** Base32, for typing into an app that cannot scan; shown this once. */
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetupView = z.infer<typeof twoFactorSetupView>;

const nothing = { body: z.object({}).passthrough(), emptyBody: {} } as const;

export const twoFactorStatusRoute = defineRoute(dashboardRoute, "GET /dashboard/me/two-factor", {
  summary: "Whether your two-factor sign-in is on, how many recovery codes are left, and whether the account requires it",
  response: twoFactorStatusView,
});

export const beginTwoFactorRoute = defineRoute(dashboardRoute, "POST /dashboard/me/two-factor/setup", {
  summary: "Start setting up two-factor sign-in: a new secret and its QR code, on once confirmed with a code",
  ...nothing,
  response: twoFactorSetupView,
  errors: ["twoFactorAlreadyOn"],
});

export const confirmTwoFactorRoute = defineRoute(dashboardRoute, "POST /dashboard/me/two-factor/confirm", {
  summary: "Turn two-factor sign-in on with a current code of the new secret; answers ten recovery codes, once",
  body: twoFactorCodeForm,
  response: z.object({ recoveryCodes: z.array(z.string()) }),
  errors: ["wrongTwoFactorCode", "twoFactorNotStarted", "twoFactorAlreadyOn", "tooManySignInAttempts"],
});

export const disableTwoFactorRoute = defineRoute(dashboardRoute, "POST /dashboard/me/two-factor/disable", {
  summary: "Turn your two-factor sign-in off (your password required; not while the account requires it)",
  body: disableTwoFactorForm,
  response: z.object({ enabled: z.boolean() }),
  errors: ["wrongPassword", "twoFactorRequiredByOwner", "tooManySignInAttempts"],
});

export const renewRecoveryCodesRoute = defineRoute(dashboardRoute, "POST /dashboard/me/two-factor/recovery-codes", {
  summary: "Ten new recovery codes for your two-factor sign-in, answered once (your password required); the old ones stop working",
  body: disableTwoFactorForm,
  response: z.object({ recoveryCodes: z.array(z.string()) }),
  errors: ["wrongPassword", "twoFactorOff", "tooManySignInAttempts"],
});

export const resetUserTwoFactorRoute = defineRoute(ownerRoute, "POST /dashboard/users/{id}/two-factor/reset", {
  summary: "Clear a user's two-factor sign-in (a lost phone); they sign in with their password and set it up again",
  ...oneUser,
  ...nothing,
  errors: ["userNotFound", "selfChange"],
});

export const twoFactorPolicyRoute = defineRoute(ownerRoute, "PUT /dashboard/two-factor-policy", {
  summary: "Require two-factor sign-in of every user of the account (or not)",
  body: twoFactorPolicyForm,
  response: twoFactorPolicyForm,
});
