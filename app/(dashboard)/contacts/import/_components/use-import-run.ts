// Runs an import: creates the new custom fields and group it needs, then sends the rows in
// chunks of 1,000, one after the other, adding up created, updated and failed rows. A chunk that
// meets a network or server error is tried again twice; a refusal (4xx) stops the run, which can
// be resumed from the chunk that failed. Stopping by hand ends after the chunk in flight.
import { useCallback, useRef, useState } from "react";
import { ApiError } from "@/lib/ui/api-client";
import { createGroup, createLabel, importChunk, type ImportResult } from "../../_components/api";
import { toContact, type DataRow, type Target } from "./csv";

export const CHUNK_ROWS = 1000;

export interface RunState {
  phase: "idle" | "preparing" | "running" | "stopped" | "failed" | "done";
  /** Rows the server has answered for. */
  processed: number;
  created: number;
  updated: number;
  failed: ImportResult["failed"];
  /** Why the run stopped, when it failed. */
  error: string;
}

export interface RunInput {
  rows: DataRow[];
  mapping: Target[];
  defaultCountry: string;
  group: string;
  newGroup: boolean;
}

const initial: RunState = { phase: "idle", processed: 0, created: 0, updated: 0, failed: [], error: "" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn`, trying again after a pause when the server could not be reached or answered 5xx. */
async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const transient = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      if (!transient || attempt >= 2) throw err;
      await sleep(1000 * 3 ** attempt);
    }
  }
}

/** Creating something that already exists is fine: the import only needs it to be there. */
const existsIsFine = (err: unknown) => {
  if (!(err instanceof ApiError && err.status === 409)) throw err;
};

export function useImportRun() {
  const [state, setState] = useState<RunState>(initial);
  const stopRequested = useRef(false);
  const running = useRef(false);

  const run = useCallback(async (input: RunInput, from: RunState = initial) => {
    if (running.current) return;
    running.current = true;
    stopRequested.current = false;
    let s: RunState = { ...from, phase: from.processed ? "running" : "preparing", error: "" };
    setState(s);
    try {
      if (!from.processed) {
        for (const t of input.mapping) if (t.startsWith("new:")) await withRetries(() => createLabel({ name: t.slice(4), type: "Text" })).catch(existsIsFine);
        if (input.newGroup && input.group) await withRetries(() => createGroup(input.group)).catch(existsIsFine);
        s = { ...s, phase: "running" };
        setState(s);
      }
      // New fields are plain labels once they exist.
      const mapping = input.mapping.map((t): Target => (t.startsWith("new:") ? `label:${t.slice(4)}` : t));
      for (let at = s.processed; at < input.rows.length; at += CHUNK_ROWS) {
        if (stopRequested.current) {
          s = { ...s, phase: "stopped" };
          setState(s);
          return;
        }
        const chunk = input.rows.slice(at, at + CHUNK_ROWS);
        const r = await withRetries(() =>
          importChunk({
            rows: chunk.map((row) => toContact(row.cells, mapping)),
            rowNumbers: chunk.map((row) => row.row),
            startRow: chunk[0].row,
            defaultCountry: input.defaultCountry || undefined,
            group: input.group || undefined,
          }),
        );
        s = { ...s, processed: at + chunk.length, created: s.created + r.created, updated: s.updated + r.updated, failed: [...s.failed, ...r.failed] };
        setState(s);
      }
      s = { ...s, phase: "done" };
      setState(s);
    } catch (err) {
      s = { ...s, phase: "failed", error: err instanceof Error ? err.message : String(err) };
      setState(s);
    } finally {
      running.current = false;
    }
  }, []);

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);
  const reset = useCallback(() => setState(initial), []);
  return { state, run, stop, reset };
}
