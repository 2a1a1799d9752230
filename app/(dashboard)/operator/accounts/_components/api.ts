// The operator console's calls to /api/operator/accounts.
import type { Page } from "@/lib/http/paging";
import type { AccountPriceView, BalanceForm, LedgerEntryView, OpenAccountForm, OperatorAccountDetail, OperatorAccountView, PriceForm, SuspendForm } from "@/lib/schemas/operator";
import { apiFetch } from "@/lib/ui/api-client";

export type { AccountPriceView, BalanceForm, LedgerEntryView, OpenAccountForm, OperatorAccountDetail, OperatorAccountView, PriceForm, SuspendForm };
export type OpenedAccount = { account: OperatorAccountView; owner: { id: string; email: string }; password?: string };

export const accountsKey = ["operator", "accounts"] as const;
export const accountKey = (id: string) => [...accountsKey, id] as const;

const base = (id: string) => `/api/operator/accounts/${encodeURIComponent(id)}`;

export function fetchAccounts(q: { page: number; size: number; search: string; state: "" | "active" | "suspended" }) {
  const params = new URLSearchParams({ page: String(q.page), size: String(q.size) });
  if (q.search) params.set("q", q.search);
  if (q.state) params.set("state", q.state);
  return apiFetch<Page<OperatorAccountView>>(`/api/operator/accounts?${params}`);
}
export const openAccount = (body: OpenAccountForm) => apiFetch<OpenedAccount>("/api/operator/accounts", { method: "POST", json: body });
export const fetchAccount = (id: string) => apiFetch<OperatorAccountDetail>(base(id));
export const suspendAccount = (id: string, body: SuspendForm) => apiFetch<OperatorAccountDetail>(`${base(id)}/suspend`, { method: "POST", json: body });
export const resumeAccount = (id: string) => apiFetch<OperatorAccountDetail & { resumedJobs: number }>(`${base(id)}/resume`, { method: "POST", json: {} });
export const adjustBalance = (id: string, body: BalanceForm) => apiFetch<{ balance: number; currency: string }>(`${base(id)}/balance`, { method: "POST", json: body });
export const fetchLedger = (id: string, page: number, size: number) => apiFetch<Page<LedgerEntryView>>(`${base(id)}/transactions?page=${page}&size=${size}`);
export const fetchPrices = (id: string) => apiFetch<{ currency: string; content: AccountPriceView[] }>(`${base(id)}/prices`);
export const setPrice = (id: string, body: PriceForm) => apiFetch<unknown>(`${base(id)}/prices`, { method: "PUT", json: body });
export const removePrice = (id: string, p: { country: string; network: string }) =>
  apiFetch<unknown>(`${base(id)}/prices?${new URLSearchParams({ country: p.country, ...(p.network ? { network: p.network } : {}) })}`, { method: "DELETE" });
export const importPrices = (id: string, csv: string) => apiFetch<{ imported: number }>(`${base(id)}/prices/import`, { method: "POST", json: { csv } });
export const pricesExportUrl = (id: string) => `${base(id)}/prices/export`;
