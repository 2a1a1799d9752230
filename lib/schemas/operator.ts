// The operator console's JSON (/api/operator/…): every account of the platform, its state,
// balance and price list. Platform administrators only (operatorRoute); the schemas also type the
// console's forms.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute, operatorRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { roles } from "../core/users/roles.ts";
import { supportedCurrencies, toMicros } from "../money.ts";
import { signInEmail, userName } from "./dashboard-users.ts";

/** An amount of money as typed or sent (25, "12.50"), in micro-units; at most six decimals count. */
export const moneyAmount = z.union([z.number(), z.string().trim().min(1, "Enter an amount")]).transform((v, c) => {
  try {
    return toMicros(v);
  } catch {
    c.addIssue({ code: "custom", message: "Enter an amount such as 25 or 12.50" });
    return z.NEVER;
  }
});

export const accountStates = ["active", "suspended"] as const;

export const operatorAccountView = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  balance: z.number(),
  state: z.enum(accountStates),
  suspendedAt: isoDate,
  suspendedReason: z.string(),
  createdAt: isoDate,
  users: z.number().int(),
  /** Outbound parts in the last 24 hours and 7 days. */
  sent24h: z.number().int(),
  sent7d: z.number().int(),
});
export type OperatorAccountView = z.infer<typeof operatorAccountView>;

export const operatorUserView = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(roles), platformAdmin: z.boolean(), lastLoginAt: isoDate });

export const operatorAccountDetail = operatorAccountView.extend({
  userList: z.array(operatorUserView),
  /** Campaigns not done sending (Scheduled, Queued, Running): paused while the account is suspended. */
  openCampaigns: z.number().int(),
  /** Jobs waiting for the reactivation (a campaign's start, the rest of a batch). */
  parkedJobs: z.number().int(),
});
export type OperatorAccountDetail = z.infer<typeof operatorAccountDetail>;

export const ledgerEntryView = z.object({ id: z.string(), kind: z.string(), source: z.string(), description: z.string(), amount: z.number(), balanceAfter: z.number(), createdAt: isoDate });
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const accountPriceView = z.object({
  country: z.string(),
  countryName: z.string(),
  network: z.string(),
  networkName: z.string(),
  price: z.number(),
  systemPrice: z.number().nullable(),
  updatedAt: isoDate,
});
export type AccountPriceView = z.infer<typeof accountPriceView>;

export const openAccountForm = z.object({
  name: z.string().trim().min(1, "Give the account a name").max(100, "At most 100 characters"),
  currency: z.enum(supportedCurrencies as [string, ...string[]], { error: `Choose one of ${supportedCurrencies.join(", ")}` }),
  ownerEmail: signInEmail("Enter the owner's email address"),
  ownerName: userName,
  balance: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, "Enter an amount such as 25 or 12.50, or 0"),
});
export type OpenAccountForm = z.infer<typeof openAccountForm>;

export const suspendForm = z.object({ reason: z.string().trim().max(500, "At most 500 characters") });
export type SuspendForm = z.infer<typeof suspendForm>;

export const balanceForm = z.object({
  direction: z.enum(["credit", "debit"]),
  amount: z
    .string()
    .trim()
    .min(1, "Enter an amount")
    .regex(/^\d+(\.\d{1,6})?$/, "Enter an amount such as 25 or 12.50"),
  reason: z.string().trim().min(1, "Give the reason: it goes in the account's ledger").max(200, "At most 200 characters"),
});
export type BalanceForm = z.infer<typeof balanceForm>;

export const priceForm = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "A two-letter country code such as GR"),
  network: z
    .string()
    .trim()
    .regex(/^(\d{5,6})?$/, "Empty, or an MCC-MNC such as 20201"),
  price: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, "Enter a price such as 0.035"),
});
export type PriceForm = z.infer<typeof priceForm>;

const accountParams = z.object({ id: z.uuid("Not an account id") });

export const listOperatorAccountsRoute = defineRoute(operatorRoute, "GET /operator/accounts", {
  summary: "Every account: balance, state and parts sent in the last 24 hours and 7 days",
  ...pagedList(operatorAccountView, 20, 200, { q: z.string().max(100).optional(), state: z.enum(accountStates).optional() }),
});

export const openAccountRoute = defineRoute(operatorRoute, "POST /operator/accounts", {
  summary: "Open an account with its first owner; a generated password is in the answer, once",
  body: openAccountForm.extend({
    currency: openAccountForm.shape.currency.default("EUR"),
    ownerName: openAccountForm.shape.ownerName.default(""),
    balance: moneyAmount.default(0n),
    ownerPassword: z.string().min(8, "At least 8 characters").max(200).optional(),
  }),
  response: z.object({ account: operatorAccountView, owner: z.object({ id: z.string(), email: z.string() }), password: z.string().optional() }),
  errors: ["emailTaken"],
});

export const operatorAccountRoute = defineRoute(operatorRoute, "GET /operator/accounts/{id}", {
  summary: "One account: state, users, usage, and what a suspension holds back",
  params: accountParams,
  response: operatorAccountDetail,
  errors: ["accountNotFound"],
});

export const suspendAccountRoute = defineRoute(operatorRoute, "POST /operator/accounts/{id}/suspend", {
  summary: "Suspend an account: its tokens and users are refused, its campaigns pause",
  params: accountParams,
  body: suspendForm.extend({ reason: suspendForm.shape.reason.default("") }),
  emptyBody: {},
  response: operatorAccountDetail,
  errors: ["accountNotFound", "adminAccountSuspension"],
});

export const resumeAccountRoute = defineRoute(operatorRoute, "POST /operator/accounts/{id}/resume", {
  summary: "Reactivate a suspended account; its paused campaigns go on where they stopped",
  params: accountParams,
  emptyBody: {},
  response: operatorAccountDetail.extend({ resumedJobs: z.number().int() }),
  errors: ["accountNotFound"],
});

export const adjustBalanceRoute = defineRoute(operatorRoute, "POST /operator/accounts/{id}/balance", {
  summary: "Credit or debit the account, with a reason written in its ledger",
  params: accountParams,
  body: balanceForm.extend({ amount: moneyAmount }),
  response: z.object({ accountId: z.string(), balance: z.number(), currency: z.string() }),
  errors: ["accountNotFound", "insufficientBalance"],
});

export const accountLedgerRoute = defineRoute(operatorRoute, "GET /operator/accounts/{id}/transactions", {
  summary: "The account's ledger, newest first",
  params: accountParams,
  ...pagedList(ledgerEntryView, 20, 200),
  errors: ["accountNotFound"],
});

export const accountPricesRoute = defineRoute(operatorRoute, "GET /operator/accounts/{id}/prices", {
  summary: "The account's own prices (over the system price list)",
  params: accountParams,
  response: z.object({ currency: z.string(), content: z.array(accountPriceView) }),
  errors: ["accountNotFound"],
});

export const setAccountPriceRoute = defineRoute(operatorRoute, "PUT /operator/accounts/{id}/prices", {
  summary: "Set the account's price for a country, or for one network (MCC-MNC)",
  params: accountParams,
  body: priceForm.extend({ network: priceForm.shape.network.default(""), price: moneyAmount }),
  response: z.object({ accountId: z.string(), country: z.string(), network: z.string().optional(), price: z.number(), currency: z.string() }),
  errors: ["accountNotFound"],
});

export const removeAccountPriceRoute = defineRoute(operatorRoute, "DELETE /operator/accounts/{id}/prices", {
  summary: "Remove one of the account's prices: the system price applies again",
  params: accountParams,
  query: z.object({
    country: z.string().regex(/^[A-Za-z]{2}$/, "country is a two-letter code"),
    network: z
      .string()
      .regex(/^(\d{5,6})?$/, "network is an MCC-MNC")
      .optional(),
  }),
  response: z.object({ removed: z.literal(true) }),
  errors: ["accountNotFound", "notFound"],
});

export const exportAccountPricesRoute = defineRoute(operatorRoute, "GET /operator/accounts/{id}/prices/export", {
  summary: "The account's own prices as CSV (country, network, price)",
  params: accountParams,
  errors: ["accountNotFound"],
});

export const importAccountPricesRoute = defineRoute(operatorRoute, "POST /operator/accounts/{id}/prices/import", {
  summary: "Replace the account's own prices with a CSV file's rows; a bad line imports nothing",
  params: accountParams,
  body: z.object({ csv: z.string().max(2 * 1024 * 1024, "At most 2 MB of CSV") }),
  maxBody: 3 * 1024 * 1024,
  response: z.object({ imported: z.number().int() }),
  errors: ["accountNotFound"],
});
