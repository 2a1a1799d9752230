// GET /api/health — liveness for a load balancer or an orchestrator: the process answers. No
// database call, no authentication.
import { liveness } from "@/lib/server/health/state";
import { probeAnswer } from "@/lib/server/health/probe-answer";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  return probeAnswer(req, liveness());
}
