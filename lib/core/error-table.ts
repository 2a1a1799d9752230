// The error catalog as a Markdown table, for the README (a test keeps the two in step).
import { errorCatalog } from "./errors.ts";

export function errorTable(): string {
  const rows = Object.values(errorCatalog)
    .slice()
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((e) => `| ${e.status} | \`${e.code}\` | ${e.message} |`);
  return ["| HTTP | code | meaning |", "|---|---|---|", ...rows].join("\n");
}
