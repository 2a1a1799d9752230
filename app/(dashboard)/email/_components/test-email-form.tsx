// Send a test email through the same path as the API: tracked links and pixel by default.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormCard } from "@/components/form/form-card";
import { useFormSubmit } from "@/components/form/use-form-submit";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { emailTestForm, toSendEmailBody, type EmailTestForm } from "@/lib/schemas/email";
import { emailsKey, sendTestEmail, sinkKey } from "./api";

const defaults: EmailTestForm = {
  from: "hello@switchboard.test",
  to: "ada@example.com",
  subject: "Welcome to Switchboard",
  html: `<html><body>\n<h1>Welcome!</h1>\n<p>Read <a href="https://example.com/getting-started">the guide</a> or <a href="https://example.com/pricing">see the prices</a>.</p>\n</body></html>`,
  trackLinks: true,
  trackOpens: true,
};

export function TestEmailForm({ onSent }: { onSent: (id: string) => void }) {
  const form = useForm({ resolver: zodResolver(emailTestForm), defaultValues: defaults });
  const { errors } = form.formState;
  const submitting = useFormSubmit(form, {
    submit: (v: EmailTestForm) => sendTestEmail(toSendEmailBody(v)),
    refresh: [emailsKey, sinkKey],
    announce: (e) => ({ title: "Email queued", description: `${e.trackedLinks} links tracked.` }),
    onSaved: (e) => onSent(e.trackingId),
    fallback: "The email could not be sent.",
  });
  return (
    <FormCard {...submitting} title="Send a test email" submitLabel="Send email">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="email-from" label="From" error={errors.from?.message}>
          <Input type="email" {...form.register("from")} />
        </Field>
        <Field id="email-to" label="To" error={errors.to?.message}>
          <Input type="email" {...form.register("to")} />
        </Field>
      </div>
      <Field id="email-subject" label="Subject" error={errors.subject?.message}>
        <Input {...form.register("subject")} />
      </Field>
      <Field id="email-html" label="HTML" error={errors.html?.message}>
        <Textarea rows={6} spellCheck={false} className="font-mono text-xs" {...form.register("html")} />
      </Field>
      <div className="flex flex-wrap gap-6">
        <Checkbox label="Track clicks" description="Links go through /t/c/…" {...form.register("trackLinks")} />
        <Checkbox label="Track opens" description="One pixel before </body>" {...form.register("trackOpens")} />
      </div>
    </FormCard>
  );
}
