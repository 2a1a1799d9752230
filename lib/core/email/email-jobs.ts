// The jobs of transactional email, for lib/jobs/registry.ts.
import { deliverEmail } from "./deliver-email.ts";

export const emailJobs = [deliverEmail];
