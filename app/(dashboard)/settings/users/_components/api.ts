// Settings › Users' calls to /api/dashboard/users.
import type { AddUserForm, UserView } from "@/lib/schemas/dashboard-users";
import { apiFetch } from "@/lib/ui/api-client";

export type { AddUserForm, UserView };
export type AddedUser = UserView & { password: string };

export const usersKey = ["users"] as const;

export const fetchUsers = () => apiFetch<{ content: UserView[] }>("/api/dashboard/users");
export const addUser = (body: AddUserForm) => apiFetch<AddedUser>("/api/dashboard/users", { method: "POST", json: body });
export const changeRole = (id: string, role: UserView["role"]) => apiFetch<UserView>(`/api/dashboard/users/${encodeURIComponent(id)}`, { method: "PATCH", json: { role } });
export const resetPassword = (id: string) => apiFetch<AddedUser>(`/api/dashboard/users/${encodeURIComponent(id)}/password`, { method: "POST", json: {} });
export const signOutUser = (id: string) => apiFetch<UserView>(`/api/dashboard/users/${encodeURIComponent(id)}/sign-out`, { method: "POST", json: {} });
export const resetTwoFactor = (id: string) => apiFetch<UserView>(`/api/dashboard/users/${encodeURIComponent(id)}/two-factor/reset`, { method: "POST", json: {} });
export const removeUser = (id: string) => apiFetch<UserView>(`/api/dashboard/users/${encodeURIComponent(id)}`, { method: "DELETE" });
