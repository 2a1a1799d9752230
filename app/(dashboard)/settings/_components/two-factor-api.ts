// Calls of two-factor sign-in's settings to /api/dashboard/me/two-factor and the owner's policy.
import type { DisableTwoFactorForm, TwoFactorSetupView, TwoFactorStatusView } from "@/lib/schemas/two-factor";
import { apiFetch } from "@/lib/ui/api-client";

export const twoFactorKey = ["my-two-factor"] as const;

export const fetchTwoFactor = () => apiFetch<TwoFactorStatusView>("/api/dashboard/me/two-factor");
export const beginSetup = () => apiFetch<TwoFactorSetupView>("/api/dashboard/me/two-factor/setup", { method: "POST", json: {} });
export const confirmSetup = (body: { code: string }) => apiFetch<{ recoveryCodes: string[] }>("/api/dashboard/me/two-factor/confirm", { method: "POST", json: body });
export const turnOff = (body: DisableTwoFactorForm) => apiFetch<{ enabled: boolean }>("/api/dashboard/me/two-factor/disable", { method: "POST", json: body });
export const renewCodes = (body: DisableTwoFactorForm) => apiFetch<{ recoveryCodes: string[] }>("/api/dashboard/me/two-factor/recovery-codes", { method: "POST", json: body });
export const setRequired = (required: boolean) => apiFetch<{ required: boolean }>("/api/dashboard/two-factor-policy", { method: "PUT", json: { required } });
