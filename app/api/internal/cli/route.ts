// POST /api/internal/cli — runs a command-line command inside the server that owns the embedded
// database. Only callers on this machine (every address the request passed is loopback) holding
// the token in DATA_DIR (the machine's own users) get in.
import path from "node:path";
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { runCommand } from "@/scripts/cli/run-command";
import { errorResponse, json } from "@/lib/http/render-error";
import { DomainError } from "@/lib/core/errors";
import { env, persistentSecret } from "@/lib/env";
import { safeEqual } from "@/lib/core/secrets/hashing";
import { readText } from "@/lib/http/parse-request";
import { cameFromLoopback } from "@/lib/http/client-address";
import { requestIdFor } from "@/lib/http/request-id";

export async function POST(req: Request): Promise<Response> {
  const requestId = requestIdFor(req);
  const answer = (res: Response) => {
    res.headers.set("X-Request-Id", requestId);
    return res;
  };
  try {
    if (!cameFromLoopback(req.headers)) throw new DomainError("loopbackOnly");
    const expected = persistentSecret(path.resolve(env().dataDir), "cli-token");
    // An emptied token file makes no token valid, rather than the empty one.
    if (!expected || !safeEqual(req.headers.get("x-cli-token") ?? "", expected)) throw new DomainError("unauthorized");
    let argv: unknown;
    try {
      argv = JSON.parse(await readText(req, 64 * 1024));
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw new DomainError("malformedJson");
    }
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) throw new DomainError("validation", { message: "Send the arguments as a JSON array of strings." });
    return answer(json(200, await runCommand(contextFor(await getDatabase()), argv)));
  } catch (err) {
    return answer(errorResponse(err, requestId));
  }
}
