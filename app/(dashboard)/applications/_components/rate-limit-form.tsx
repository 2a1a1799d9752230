// The rate limit of one application, changed in place in its drawer; the API's zod schema
// validates it before it is sent.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { updateApplicationBody, type UpdateApplicationBody } from "@/lib/schemas/applications";
import { applicationsKey, updateApplication, type ApplicationView } from "./api";

export function RateLimitForm({ application: a, onUpdated }: { application: ApplicationView; onUpdated: (a: ApplicationView) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<UpdateApplicationBody>({ resolver: zodResolver(updateApplicationBody), values: { rateLimitPerSecond: a.rateLimitPerSecond } });
  const mutation = useMutation({
    mutationFn: (body: UpdateApplicationBody) => updateApplication(a.applicationId, body),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: applicationsKey });
      onUpdated(updated);
      toast({ title: "Rate limit saved", description: `“${updated.name}” may make ${updated.rateLimitPerSecond.toLocaleString("en")} requests per second.` });
    },
    onError: (err) => form.setError("rateLimitPerSecond", { type: "server", message: err.message }),
  });
  const error = form.formState.errors.rateLimitPerSecond?.message;
  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate>
      <div className="flex items-center gap-2">
        <Input
          id="app-rate-limit"
          type="number"
          inputMode="numeric"
          min={1}
          className="max-w-32"
          aria-label="Requests per second"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "app-rate-limit-error" : "app-rate-limit-hint"}
          {...form.register("rateLimitPerSecond", { setValueAs: (v) => (v === "" ? Number.NaN : Number(v)) })}
        />
        <span className="whitespace-nowrap text-slate-500 dark:text-slate-400">requests / s</span>
        {form.formState.isDirty && (
          <Button type="submit" size="sm" loading={mutation.isPending}>
            Save
          </Button>
        )}
      </div>
      {error ? (
        <FieldError id="app-rate-limit-error" message={error} />
      ) : (
        <p id="app-rate-limit-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          Bursts of up to {(a.rateLimitPerSecond * 2).toLocaleString("en")} requests are allowed; over the limit the API answers 429 with Retry-After. Counted per web instance.
        </p>
      )}
    </form>
  );
}
