// What one command answers on the database opened here: its JSON for stdout, or the error line for
// stderr and a non-zero exit code. scripts/cli.ts writes it out; the command-line tests call it
// in-process on their own database.
import type { Ctx } from "../../lib/core/context.ts";
import { DomainError } from "../../lib/core/errors.ts";
import { runCommand } from "./run-command.ts";

export interface CliAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

export const jsonOut = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
export const errorLine = (body: { code?: unknown; developerMessage?: unknown }): string => `error ${body.code}: ${body.developerMessage}\n`;

export async function answer(ctx: Ctx, argv: string[]): Promise<CliAnswer> {
  try {
    return { code: 0, stdout: jsonOut(await runCommand(ctx, argv)), stderr: "" };
  } catch (err) {
    if (err instanceof DomainError) return { code: 1, stdout: "", stderr: errorLine({ code: err.code, developerMessage: err.message }) };
    // Usage errors (a missing option, an unknown command) and anything unforeseen: the message alone.
    return { code: 1, stdout: "", stderr: `${err instanceof Error ? err.message : String(err)}\n` };
  }
}
