// GET /api/ready — readiness: 200 when the database answers within a second with every migration
// applied (and, where jobs run here, the job engine runs), else 503 naming what is not ready, so
// a load balancer drains an instance whose database is gone or which is shutting down.
import { readinessAnswer } from "@/lib/server/health/state";
import { probeAnswer } from "@/lib/server/health/probe-answer";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  return probeAnswer(req, await readinessAnswer());
}
