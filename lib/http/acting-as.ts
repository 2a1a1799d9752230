// Who did something, as the logs that record it show it (a replay's "by whom"): a dashboard
// user's e-mail, or the API application's name.
import type { Principal } from "./principal.ts";

export function actingAs(p: Principal): string {
  return p.kind === "user" ? p.email : `application ${p.applicationName}`;
}
