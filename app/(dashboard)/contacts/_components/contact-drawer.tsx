// Create or edit one contact in a side panel: react-hook-form with the dashboard's contact schema
// (the mobile is checked with the server's parser as you type), its groups and custom fields.
// The server's per-field messages land on their fields.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { CheckboxField } from "@/components/form/checkbox-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Drawer } from "@/components/ui/drawer";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { contactForm, type ContactForm } from "@/lib/schemas/dashboard-contacts";
import { ApiError } from "@/lib/ui/api-client";
import { formatDateTime, nameOf, serviceLabel } from "@/lib/ui/format";
import { contactsKey, createContact, updateContact, type DashboardContact, type DashboardGroup, type DashboardLabel } from "./api";
import { CountrySelect } from "./country-select";
import { ErrorNote } from "@/components/ui/error-note";

const empty: ContactForm = { mobile: "", firstName: "", lastName: "", email: "", country: "", vip: false, groups: [], labels: {} };

/**
 * The form field of the i-th custom label. Not the label's name: react-hook-form reads a field
 * name as a path, so a label called "plan.tier" or "a[0]" would land somewhere else.
 */
const labelField = (i: number) => `f${i}`;

function valuesOf(c: DashboardContact | null, labels: DashboardLabel[]): ContactForm {
  const custom = labels.filter((l) => !l.builtIn);
  const own = new Map(c?.labels.map((l) => [l.name, String(l.value)]) ?? []);
  const labelValues = Object.fromEntries(custom.map((l, i) => [labelField(i), own.get(l.name) ?? ""]));
  if (!c) return { ...empty, labels: labelValues };
  return {
    mobile: c.mobile,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    country: c.country,
    vip: c.vip,
    groups: c.groups,
    labels: labelValues,
  };
}

const direct = new Set(["mobile", "firstName", "lastName", "email", "country", "vip", "groups"]);

export interface ContactDrawerProps {
  /** The contact being edited, "new" for the create form, null when closed. */
  contact: DashboardContact | "new" | null;
  groups: DashboardGroup[];
  labels: DashboardLabel[];
  canEdit: boolean;
  onClose: () => void;
}

export function ContactDrawer({ contact, groups, labels, canEdit, onClose }: ContactDrawerProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const editing = contact !== null && contact !== "new" ? contact : null;
  const form = useForm<ContactForm>({ resolver: zodResolver(contactForm), defaultValues: valuesOf(editing, labels) });
  const { errors } = form.formState;

  // A new contact (or the labels arriving) resets the form to its values.
  useEffect(() => {
    if (contact !== null) form.reset(valuesOf(editing, labels));
  }, [contact, editing, labels, form]);

  const customLabels = labels.filter((l) => !l.builtIn);
  const mutation = useMutation({
    mutationFn: (form: ContactForm) => {
      const body = { ...form, labels: Object.fromEntries(customLabels.map((l, i) => [l.name, form.labels[labelField(i)] ?? ""])) };
      return editing ? updateContact(editing.id, body) : createContact(body);
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: contactsKey });
      toast({ title: editing ? "Contact saved" : "Contact created", description: nameOf(saved) });
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return form.setError("root.server", { message: "The contact could not be saved." });
      let placed = false;
      const place = (name: keyof ContactForm | `labels.${string}`, message: string) => {
        form.setError(name, { message });
        placed = true;
      };
      for (const [key, message] of Object.entries(err.properties)) {
        if (direct.has(key)) place(key as keyof ContactForm, message);
        else if (key.startsWith("labels.")) {
          const i = customLabels.findIndex((l) => l.name === key.slice("labels.".length));
          if (i >= 0) place(`labels.${labelField(i)}`, message);
        }
      }
      if (err.code === "409002005") place("mobile", "Another contact already has this mobile number");
      if (!placed) form.setError("root.server", { message: err.message });
    },
  });

  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  const ownGroups = groups.filter((g) => !g.builtIn);
  const disabled = !canEdit;

  return (
    <Drawer
      open={contact !== null}
      onClose={close}
      dismissible={!mutation.isPending}
      title={editing ? nameOf(editing) : "New contact"}
      description={
        editing ? (
          <span className="flex flex-wrap items-center gap-2">
            <span>Added {formatDateTime(editing.createdAt)}</span>
            {editing.blacklistedServices.map((s) => (
              <Badge key={s} tone="danger">
                Blacklisted for {serviceLabel(s)}
              </Badge>
            ))}
          </span>
        ) : (
          "Someone you can send campaigns to. Only the mobile number is required."
        )
      }
      footer={
        canEdit ? (
          <>
            <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="contact-form" loading={mutation.isPending}>
              {editing ? "Save contact" : "Create contact"}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        )
      }
    >
      <form id="contact-form" noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="space-y-5">
        {errors.root?.server && <ErrorNote>{errors.root.server.message}</ErrorNote>}
        <fieldset disabled={disabled} className="space-y-5">
          <Field id="contact-mobile" label="Mobile" hint="International format (+306912345678), or a national number with the country chosen." error={errors.mobile?.message}>
            <Input type="tel" autoComplete="off" placeholder="+306912345678" data-autofocus {...form.register("mobile")} />
          </Field>
          <Field id="contact-country" label="Country" optional hint="Taken from the number when left empty." error={errors.country?.message}>
            <CountrySelect emptyLabel="From the mobile number" {...form.register("country")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="contact-first-name" label="First name" optional error={errors.firstName?.message}>
              <Input autoComplete="off" {...form.register("firstName")} />
            </Field>
            <Field id="contact-last-name" label="Last name" optional error={errors.lastName?.message}>
              <Input autoComplete="off" {...form.register("lastName")} />
            </Field>
          </div>
          <Field id="contact-email" label="Email" optional error={errors.email?.message}>
            <Input type="email" autoComplete="off" placeholder="name@example.com" {...form.register("email")} />
          </Field>
          <CheckboxField control={form.control} name="vip" label="VIP" description="Mark the people who matter most; campaigns can target them by the vip field." />

          <Controller
            control={form.control}
            name="groups"
            render={({ field }) => {
              const chosen = new Set(field.value);
              return (
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Groups</legend>
                  {ownGroups.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No groups yet. Create them on the Groups tab.</p>
                  ) : (
                    <div className="mt-2 grid max-h-48 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800">
                      {ownGroups.map((g) => (
                        <Checkbox
                          key={g.name}
                          label={g.name}
                          checked={chosen.has(g.name)}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, g.name] : field.value.filter((n) => n !== g.name))}
                        />
                      ))}
                    </div>
                  )}
                </fieldset>
              );
            }}
          />

          {customLabels.length > 0 && (
            <fieldset className="space-y-4">
              <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Custom fields</legend>
              {customLabels.map((l, i) => (
                <Field key={l.name} id={`contact-label-${i}`} label={l.name} optional hint={l.type === "Number" ? "A number" : undefined} error={errors.labels?.[labelField(i)]?.message}>
                  <Input inputMode={l.type === "Number" ? "decimal" : undefined} autoComplete="off" {...form.register(`labels.${labelField(i)}`)} />
                </Field>
              ))}
            </fieldset>
          )}
        </fieldset>
      </form>
    </Drawer>
  );
}
