// A 2Step verification as its answers show it. A Pending verification whose code expired reads
// as Expired from that moment: no job has to run for it to turn.
import type { TwoStepStatus, TwoStepView } from "./two-step.ts";

export function twoStepStatusAt(v: { status: string; expiresAt: Date }, now: Date): TwoStepStatus {
  return (v.status === "Pending" && v.expiresAt <= now ? "Expired" : v.status) as TwoStepStatus;
}

export function verificationView(v: { id: string; status: string; updatedAt: Date; expiresAt: Date }, now: Date): TwoStepView {
  const status = twoStepStatusAt(v, now);
  return { trackingId: v.id, status, updatedAt: (status !== v.status ? v.expiresAt : v.updatedAt).toISOString() };
}
