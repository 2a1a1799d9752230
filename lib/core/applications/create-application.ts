// Creates an API application. The secret is returned once and only its digest is stored; id and
// secret are short enough for every client (client-id.ts).
import type { Ctx } from "../context.ts";
import { digest } from "../secrets/hashing.ts";
import type { Scope } from "../tokens/scopes.ts";
import { DEFAULT_RATE_LIMIT } from "./read-rate-limit.ts";
import { clientIdOf, newApplicationId, newApplicationSecret } from "./client-id.ts";

export const tokenLifetimes = [3600, 86400, 631139040] as const;
export type TokenLifetime = (typeof tokenLifetimes)[number];

export interface CreateApplicationInput {
  accountId: string;
  name: string;
  scopes: Scope[];
  tokenTtl?: TokenLifetime;
  callbackUrl?: string;
  callbackStrategy?: "OnChange" | "OnCompletion";
  transcode?: boolean;
  /** Requests per second (default DEFAULT_RATE_LIMIT). */
  rateLimitPerSecond?: number;
}

/** `clientId` is the id its owner uses (24 hex); `application.id` the uuid tables reference. */
export async function createApplication(ctx: Ctx, input: CreateApplicationInput) {
  const secret = newApplicationSecret();
  const application = await ctx.db.application.create({
    data: {
      id: newApplicationId().uuid,
      accountId: input.accountId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      tokenTtl: input.tokenTtl ?? 3600,
      callbackUrl: input.callbackUrl ?? "",
      callbackStrategy: input.callbackStrategy ?? "OnCompletion",
      transcode: input.transcode ?? false,
      rateLimitPerSecond: input.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT,
      secretHash: digest(secret),
      secretHint: secret.slice(-4),
      createdAt: ctx.now(),
    },
  });
  return { application, secret, clientId: clientIdOf(application.id) };
}
