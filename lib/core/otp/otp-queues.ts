// The queues of OTP flows, by name and payload: a flow's steps enqueue each other's jobs (a
// timeout fails over, a failover sends the next step), so they name these refs rather than import
// each other's handlers. Each handler's file defines its job on its ref (defineJob({...ref, …})).
import { z } from "zod";
import type { JobRef } from "../../jobs/job.ts";

const ref = <S extends z.ZodType>(name: string, payload: S): JobRef<S> => ({ name, payload });

export const otpQueues = {
  failover: ref("otp.failover", z.object({ flowId: z.uuid(), fromSeq: z.number().int().min(0) })),
  viberSend: ref("otp.viber-send", z.object({ stepId: z.uuid() })),
  stepTimeout: ref("otp.step-timeout", z.object({ stepId: z.uuid() })),
  smsStatus: ref("otp.sms-status", z.object({ flowId: z.uuid(), messageId: z.uuid() })),
  webhook: ref("otp.webhook", z.object({ callbackId: z.uuid() })),
};
