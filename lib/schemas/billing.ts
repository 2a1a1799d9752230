// GET /accounts/me/banks: the platform operator's billing details and the bank accounts a
// customer can pay top-ups into (Routee's shape). The same schema checks what the command line
// and the Settings page save.
import { z } from "zod";
import { defineRoute, operatorRoute } from "../http/route-spec.ts";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const bankAccount = z.object({
  name: text(120).min(1, "Enter the bank's name").describe("The bank's name."),
  address: text(300).default("").describe("The bank's address."),
  beneficiary: text(200).default("").describe("Whom the transfer is to."),
  number: text(60).default("").describe("The account number, where the bank uses one."),
  iban: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, "Enter an IBAN such as GR1601101250000000012300695, or leave it empty"))
    .default("")
    .describe("IBAN, without spaces."),
  swiftCode: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, "Enter a SWIFT/BIC code of 8 or 11 characters, or leave it empty"))
    .default("")
    .describe("SWIFT/BIC code."),
  currency: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, "Enter an ISO 4217 currency such as EUR"))
    .describe("Currency the account takes (ISO 4217)."),
  minAmount: z.number("Enter an amount").min(0, "At least 0").max(1_000_000_000).default(0).describe("Smallest top-up accepted, in currency."),
  country: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2})?$/, "Enter an ISO 3166-1 alpha-2 country such as GR, or leave it empty"))
    .default("")
    .describe("The bank's country (ISO 3166-1 alpha-2)."),
});
export type BankAccount = z.output<typeof bankAccount>;

export const billingDetails = z.object({
  name: text(200).default("").describe("The provider's (the platform operator's) name."),
  address: text(300).default(""),
  phone: text(40).default(""),
  vatId: text(40).default(""),
  email: text(200).default(""),
  banks: z.array(bankAccount).max(20, "At most 20 bank accounts").default([]),
});
export type BillingDetails = z.output<typeof billingDetails>;

const bankView = z.object({
  name: z.string(),
  address: z.string(),
  beneficiary: z.string(),
  number: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
  currency: z.string(),
  minAmount: z.number(),
  country: z.string(),
});
export const billingView = z.object({ name: z.string(), address: z.string(), phone: z.string(), vatId: z.string(), email: z.string(), banks: z.array(bankView) });

export const banksRoute = defineRoute({ tag: "Account", auth: "bearer", scope: "account" }, "GET /accounts/me/banks", {
  summary: "Bank accounts to pay top-ups into",
  description: "The provider's billing details and its bank accounts, as the platform operator set them (an empty banks array when none).",
  response: billingView,
});

export const saveBillingRoute = defineRoute(operatorRoute, "PUT /operator/billing", {
  summary: "Set the billing details and bank accounts customers see",
  body: billingDetails,
  response: billingView,
});
