// PUT /numbers/my/{msisdn}: changes the callback settings given; the others stay.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isRecordGone } from "../../db/errors.ts";
import { checkNumberCallbacks, type NumberCallbacks } from "./number-callbacks.ts";
import { getRentedNumber } from "./get-rented-number.ts";
import { rentedNumberResource } from "../../schemas/numbers-serializers.ts";

export async function updateNumber(ctx: Ctx, input: NumberCallbacks & { accountId: string; msisdn: string }) {
  const { rented, row } = await getRentedNumber(ctx, input);
  const data = checkNumberCallbacks(input, ctx.config.allowPrivateCallbackUrls);
  const updated = await ctx.db.rentedNumber.update({ where: { id: rented.id }, data }).catch((err: unknown) => {
    if (isRecordGone(err)) fail("numberNotFound", { property: "msisdn" }); // cancelled meanwhile
    throw err;
  });
  return rentedNumberResource(updated, row);
}
