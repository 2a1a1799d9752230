// Account balance, transactions and prices as Routee's clients call them.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { optionalLooseDate } from "../http/query-date.ts";

const currency = z.object({ code: z.string(), name: z.string(), sign: z.string() });

const accountApi = { tag: "Account", auth: "bearer", scope: "account" } as const;

export const balanceRoute = defineRoute(accountApi, "GET /accounts/me/balance", { summary: "Account balance", response: z.object({ balance: z.number(), currency }) });

const action = z.object({
  id: z.string(),
  type: z.enum(["Paid", "Credit", "ChangeStatus", "Remove", "Refund"]),
  amount: z.number(),
  date: isoDate,
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  status: z.enum(["Pending", "Completed"]),
});

export const transaction = z.object({
  id: z.string(),
  source: z.string(),
  transactionType: z.literal("TopUp"),
  amount: z.number(),
  status: z.enum(["PendingNotCredited", "Pending", "Completed"]),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  date: isoDate,
  actions: z.array(action),
});

export const transactionsRoute = defineRoute(accountApi, "GET /accounts/me/transactions", {
  summary: "Top-up transactions",
  description: "Top-ups of the account, newest first. Charges for messages are in the dashboard's ledger.",
  ...pagedList(transaction, 20, 2000, { from: optionalLooseDate, to: optionalLooseDate }),
});

export const pricesRoute = defineRoute({ tag: "Account", auth: "bearer" }, "GET /system/prices", {
  summary: "Price list",
  description: "Prices per SMS part by country (mcc) and network (mnc), in the account's currency unless `currency` is given.",
  query: z.object({
    mcc: z
      .string()
      .regex(/^\d{3}$/, "mcc is three digits")
      .optional(),
    mnc: z
      .string()
      .regex(/^\d{2,3}$/, "mnc is two or three digits")
      .optional(),
    service: z.enum(["Sms", "Voice", "TwoStep", "Lookup", "NumberValidator", "Viber"]).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "currency is an ISO 4217 code")
      .optional(),
  }),
  response: z.object({
    sms: z.array(
      z.object({
        mcc: z.string(),
        country: z.string(),
        iso: z.string(),
        networks: z.array(z.object({ network: z.string(), mnc: z.string(), price: z.number() })),
      }),
    ),
    lookup: z.object({ PerRequest: z.number() }),
    twoStep: z.object({ SmsVerification: z.number(), VoiceVerification: z.number() }),
    currency,
  }),
});
