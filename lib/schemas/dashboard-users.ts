// Dashboard JSON for Settings › Users: owners list the account's users, add one (its generated
// password is in the answer, once), change a role and remove a user. Owners only.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute, ownerRoute } from "../http/route-spec.ts";
import { roles } from "../core/users/roles.ts";
import { idParams } from "./path-segment.ts";

export const userView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  createdAt: isoDate,
  /** "" when the user never signed in. */
  lastLoginAt: isoDate,
  /** Two-factor sign-in is on (in the list of users). */
  twoFactor: z.boolean().optional(),
});
export type UserView = z.infer<typeof userView>;

/** The address a new user signs in with, as the forms take it; `missing` asks for it. */
export const signInEmail = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(254, "At most 254 characters")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter an email address like name@example.com");
/** A new user's name: optional. */
export const userName = z.string().trim().max(100, "At most 100 characters");

export const addUserForm = z.object({
  email: signInEmail("Enter the email address"),
  name: userName,
  role: z.enum(roles, { error: "Choose owner, marketer or support" }),
});
export type AddUserForm = z.infer<typeof addUserForm>;

/** What the routes of one user share: its address and the user as the answer. */
export const oneUser = { params: idParams, response: userView } as const;

export const listUsersRoute = defineRoute(ownerRoute, "GET /dashboard/users", { summary: "List the account's dashboard users", response: z.object({ content: z.array(userView) }) });

export const addUserRoute = defineRoute(ownerRoute, "POST /dashboard/users", {
  summary: "Add a user with a generated initial password, shown once in the answer",
  body: addUserForm.extend({ name: addUserForm.shape.name.default("") }),
  response: userView.extend({ password: z.string() }),
  errors: ["emailTaken"],
});

export const changeUserRoleRoute = defineRoute(ownerRoute, "PATCH /dashboard/users/{id}", {
  summary: "Change a user's role",
  ...oneUser,
  body: z.object({ role: z.enum(roles, { error: "role is owner, marketer or support" }) }),
  errors: ["userNotFound", "lastOwner", "selfChange"],
});

export const removeUserRoute = defineRoute(ownerRoute, "DELETE /dashboard/users/{id}", {
  summary: "Remove a user from the account",
  ...oneUser,
  errors: ["userNotFound", "lastOwner", "selfChange"],
});
