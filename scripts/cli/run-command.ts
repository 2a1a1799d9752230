// The administrative command line of DESIGN.md as one function: argv in, a JSON-able answer
// out, each command one call of lib/core. scripts/cli.ts runs it against the database, or sends
// it to the running server that owns the embedded database (app/api/internal/cli).
import { parseArgs } from "node:util";
import type { Ctx } from "../../lib/core/context.ts";
import { DomainError, fail } from "../../lib/core/errors.ts";
import { allScopes, isScope, splitScopes } from "../../lib/core/tokens/scopes.ts";
import { fromMicros, supportedCurrencies, toMicros } from "../../lib/money.ts";
import { createAccount } from "../../lib/core/accounts/create-account.ts";
import { topUpAccount } from "../../lib/core/accounts/top-up-account.ts";
import { getAccount } from "../../lib/core/accounts/get-account.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { generatePassword } from "../../lib/core/users/add-user.ts";
import { createApplication, tokenLifetimes, type TokenLifetime } from "../../lib/core/applications/create-application.ts";
import { DEFAULT_RATE_LIMIT, MAX_RATE_LIMIT } from "../../lib/core/applications/read-rate-limit.ts";
import { listPriceRows, setPrice } from "../../lib/core/prices/set-price.ts";
import { isUuid } from "../../lib/ids.ts";
import { simulateInbound } from "../../lib/core/numbers/simulate-inbound.ts";
import { accountCommand, accountUsage } from "./account-commands.ts";
import { backupCommand, backupUsage } from "./backup-commands.ts";
import { platformAccount } from "../../lib/core/operator/platform-account.ts";
import { routingUsage, runRoutingCommand } from "./routing-commands.ts";
import { billingCommand, billingUsage } from "./billing-commands.ts";
import { twoFactorCommand, twoFactorUsage } from "./two-factor-commands.ts";

export const cliUsage = `Usage: npm run cli -- <command> [options]

  account create --name N [--balance B] [--currency EUR] [--user-email E --user-password P] [--user-role owner|marketer|support]
  account topup --account ID --amount X
${accountUsage}
  user create --account ID --email E [--role owner|marketer|support] [--name N] [--password P] [--platform-admin]   (without --password, prints a generated one;
      with --platform-admin, --account may be left out: the administrators' own account)
${twoFactorUsage}
  app create --account ID [--name N] [--scopes "sms report …"] [--token-ttl 3600|86400|631139040] [--rate-limit REQUESTS_PER_SECOND]
  price list [--country GR] [--currency EUR]
  price set --country GR --price 0.035 [--mnc 01 --network Cosmote] [--currency EUR]
  sim inbound --to +MSISDN --from +MSISDN --body TEXT
${billingUsage}
${backupUsage}
${routingUsage}`;

type Flags = Record<string, string | undefined>;

const optionNames = [
  "name",
  "balance",
  "currency",
  "user-email",
  "user-password",
  "user-role",
  "account",
  "amount",
  "email",
  "password",
  "role",
  "scopes",
  "token-ttl",
  "rate-limit",
  "country",
  "price",
  "mnc",
  "network",
  "to",
  "from",
  "body",
  "id",
  "reason",
  "json",
  "file",
  "days",
  "out",
  "in",
];

/** The command's answer: an object, or an array for the connector and route lists. */
export async function runCommand(ctx: Ctx, argv: string[]): Promise<unknown> {
  if (argv[0] === "connector" || argv[0] === "route") {
    const answer = await runRoutingCommand(ctx, argv);
    if (answer !== undefined) return answer;
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { ...Object.fromEntries(optionNames.map((n) => [n, { type: "string" as const }])), "platform-admin": { type: "boolean" as const } },
  });
  const flags = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v : undefined])) as Flags;
  const command = positionals.slice(0, 2).join(" ");
  switch (command) {
    case "account create":
      return accountCreate(ctx, flags);
    case "account suspend":
    case "account resume":
    case "account price":
    case "account retention":
      return accountCommand(ctx, positionals, flags);
    case "account topup": {
      const accountId = required(flags, "account");
      const { balanceMicros } = await topUpAccount(ctx, {
        accountId: uuid(accountId, "account"),
        amountMicros: amount(required(flags, "amount"), "amount"),
        source: "Command line",
      });
      return { accountId, balance: fromMicros(balanceMicros) };
    }
    case "user create": {
      const admin = values["platform-admin"] === true;
      // An administrator needs no customer account: without --account, the platform's own.
      const accountId = admin && flags.account === undefined ? await platformAccount(ctx) : uuid(required(flags, "account"), "account");
      await getAccount(ctx, accountId);
      // Without --password the user gets a generated one, printed once.
      const password = flags.password === undefined ? generatePassword() : required(flags, "password");
      const user = await createUser(ctx, {
        accountId,
        email: required(flags, "email"),
        password,
        role: role(flags.role),
        name: flags.name,
        // Runs the platform: the dashboard's Operator area.
        platformAdmin: admin,
      });
      return {
        userId: user.id,
        accountId,
        email: user.email,
        role: user.role,
        name: user.name,
        ...(user.platformAdmin ? { platformAdmin: true } : {}),
        ...(flags.password === undefined ? { password } : {}),
      };
    }
    case "user 2fa":
      return twoFactorCommand(ctx, positionals);
    case "app create": {
      const accountId = uuid(required(flags, "account"), "account");
      await getAccount(ctx, accountId);
      const scopes = flags.scopes === undefined ? allScopes : splitScopes(flags.scopes);
      const bad = scopes.filter((s) => !isScope(s));
      if (bad.length || scopes.length === 0) fail("validation", { message: `Unknown scopes: ${bad.join(", ") || "(none given)"}. Known: ${allScopes.join(" ")}`, property: "scopes" });
      const ttl = Number(flags["token-ttl"] ?? 3600);
      if (!tokenLifetimes.includes(ttl as TokenLifetime)) fail("validation", { message: "--token-ttl must be 3600, 86400 or 631139040.", property: "token-ttl" });
      const rate = Number(flags["rate-limit"] ?? DEFAULT_RATE_LIMIT);
      if (!Number.isInteger(rate) || rate < 1 || rate > MAX_RATE_LIMIT)
        fail("validation", { message: `--rate-limit must be a whole number of requests per second from 1 to ${MAX_RATE_LIMIT}.`, property: "rate-limit" });
      const { application, secret, clientId } = await createApplication(ctx, {
        accountId,
        name: flags.name ?? "Command-line application",
        scopes: scopes.filter(isScope),
        tokenTtl: ttl as TokenLifetime,
        rateLimitPerSecond: rate,
      });
      return { applicationId: clientId, applicationSecret: secret, scopes: application.scopes, tokenTtl: application.tokenTtl, rateLimitPerSecond: application.rateLimitPerSecond };
    }
    case "price list":
      return { prices: await listPriceRows(ctx, { iso: flags.country?.toUpperCase(), currency: flags.currency?.toUpperCase() }) };
    case "price set": {
      const row = await setPrice(ctx, {
        iso: required(flags, "country").toUpperCase(),
        mnc: flags.mnc ?? "",
        network: flags.network,
        currency: (flags.currency ?? "EUR").toUpperCase(),
        priceMicros: amount(required(flags, "price"), "price"),
      });
      return row;
    }
    case "billing show":
    case "billing set":
      return billingCommand(ctx, positionals[1], flags);
    case "sim inbound":
      // The SMSC simulator sends an SMS to a rented or pool number (lib/core/numbers/simulate-inbound.ts).
      return simulateInbound(ctx, { to: required(flags, "to"), from: required(flags, "from"), body: required(flags, "body") });
    case "backup":
      return backupCommand(flags);
    case "restore":
      fail("validation", { message: "restore replaces the embedded database: stop the server first, then run it again.", property: "in" });
      break;
    default:
      throw new DomainError("validation", { message: `Unknown command "${command}".\n${cliUsage}` });
  }
}

async function accountCreate(ctx: Ctx, flags: Flags) {
  const name = required(flags, "name");
  const currency = (flags.currency ?? "EUR").toUpperCase();
  if (!supportedCurrencies.includes(currency)) fail("validation", { message: `--currency must be one of ${supportedCurrencies.join(", ")}.`, property: "currency" });
  const balance = flags.balance === undefined ? 0 : fromMicros(amount(flags.balance, "balance", true));
  if ((flags["user-email"] === undefined) !== (flags["user-password"] === undefined)) fail("validation", { message: "--user-email and --user-password go together.", property: "user-email" });
  const account = await createAccount(ctx, { name, currency, balance });
  const answer: Record<string, unknown> = { accountId: account.id, name: account.name, balance: fromMicros(account.balanceMicros) };
  if (flags["user-email"]) {
    const user = await createUser(ctx, {
      accountId: account.id,
      email: flags["user-email"],
      password: flags["user-password"]!,
      role: role(flags["user-role"]),
    });
    answer.userEmail = user.email;
  }
  return answer;
}

function required(flags: Flags, name: string): string {
  const v = flags[name];
  if (v === undefined || v === "") fail("validation", { message: `--${name} is required.\n${cliUsage}`, property: name });
  return v;
}

function uuid(value: string, name: string): string {
  if (!isUuid(value)) fail(name === "account" ? "accountNotFound" : "validation", { message: `--${name} ${value} is not a known id.`, property: name });
  return value;
}

function amount(value: string, name: string, allowZero = false): bigint {
  let micros: bigint;
  try {
    micros = toMicros(value);
  } catch {
    fail("validation", { message: `--${name} must be a number like 25 or 12.50.`, property: name });
  }
  if (micros < 0n || (!allowZero && micros === 0n)) fail("validation", { message: `--${name} must be positive.`, property: name });
  return micros;
}

function role(value: string | undefined) {
  if (value === undefined) return "owner" as const;
  if (value === "owner" || value === "marketer" || value === "support") return value;
  fail("validation", { message: "--role must be owner, marketer or support.", property: "role" });
}
