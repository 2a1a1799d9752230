// A number's callback settings, validated with the API's own schema.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { numberCallbacksBody, type NumberCallbacksBody } from "@/lib/schemas/numbers";
import { reasonOf } from "@/lib/ui/api-client";
import { numbersKey, updateNumber, type NumberDetails } from "./api";

export function CallbacksForm({ number, canManage }: { number: NumberDetails; canManage: boolean }) {
  const defaults: NumberCallbacksBody = {
    inboundSmsCallbackUrl: number.inboundSmsCallbackUrl,
    inboundVoiceCallbackUrl: number.inboundVoiceCallbackUrl,
    voiceInboundStrategy: { dialplanUrl: number.voiceInboundStrategy.dialplanUrl },
  };
  const form = useForm({ resolver: zodResolver(numberCallbacksBody), defaultValues: defaults });
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (body: NumberCallbacksBody) => updateNumber(number.msisdn, body),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: numbersKey });
      form.reset(body);
      toast({ title: "Callbacks saved", tone: "success" });
    },
    onError: (err) => form.setError("root.server", { message: reasonOf(err, "Could not save.") }),
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((b) => mutation.mutate(b))} noValidate className="space-y-4">
      <Field
        id="cb-sms"
        label="Inbound SMS callback URL"
        optional
        error={errors.inboundSmsCallbackUrl?.message}
        hint="Gets messageId, from, to, message, parts, direction and receivedDate; retried for a day."
      >
        <Input type="url" disabled={!canManage} placeholder="https://example.com/hooks/inbound" {...form.register("inboundSmsCallbackUrl")} />
      </Field>
      {number.services.includes("Voice") && (
        <>
          <Field id="cb-voice" label="Inbound voice callback URL" optional>
            <Input type="url" disabled={!canManage} {...form.register("inboundVoiceCallbackUrl")} />
          </Field>
          <Field id="cb-dialplan" label="Voice dial plan URL" optional>
            <Input type="url" disabled={!canManage} {...form.register("voiceInboundStrategy.dialplanUrl")} />
          </Field>
        </>
      )}
      {errors.root?.server && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.root.server.message}
        </p>
      )}
      {canManage && (
        <Button type="submit" variant="secondary" loading={mutation.isPending} disabled={!form.formState.isDirty}>
          Save callbacks
        </Button>
      )}
    </form>
  );
}
