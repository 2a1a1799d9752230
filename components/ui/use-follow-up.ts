// What a dashboard action does once the server said yes, in a form or a confirmation alike:
// refresh the queries the change shows in, say it is done, then whatever follows.
"use client";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type ToastInput, useToast } from "./toast";

export interface FollowUp<TResult> {
  /** Queries the change shows in, refreshed first. */
  refresh?: QueryKey[];
  /** The toast that says it is done. */
  announce?: (result: TResult) => ToastInput;
}

/** The success handler: refresh, announce, then `next` (hand the result on, close, leave the page). */
export function useFollowUp<TResult>({ refresh = [], announce }: FollowUp<TResult>, next?: (result: TResult) => unknown) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (result: TResult) => {
    for (const queryKey of refresh) await queryClient.invalidateQueries({ queryKey });
    if (announce) toast(announce(result));
    await next?.(result);
  };
}
