// Users to the dashboard's UserView (lib/schemas/dashboard-users.ts).
import type { UserView } from "./dashboard-users.ts";

export function toUserView(u: { id: string; email: string; name: string; role: UserView["role"]; createdAt: Date; lastLoginAt: Date | null; twoFactor?: boolean }): UserView {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? "",
    ...(u.twoFactor !== undefined ? { twoFactor: u.twoFactor } : {}),
  };
}
