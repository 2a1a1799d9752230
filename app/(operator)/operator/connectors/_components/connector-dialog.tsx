// Add or edit a connector: where the SMSC is, how to bind, how fast, and the SMPP details some
// SMSCs need (TON/NPI, the data_coding of GSM-7 text, which errors are temporary). The API's
// schema validates the form; the password is write-only (left empty when editing, it stays).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { CheckboxField } from "@/components/form/checkbox-field";
import { Disclosure } from "@/components/ui/disclosure";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { BIND_MODES, createConnectorBody, type CreateConnectorInput } from "@/lib/schemas/connectors";
import { connectorsKey, createConnector, updateConnector, type Connector } from "./connectors-api";

const TONS = ["", "0", "1", "2", "3", "4", "5", "6"];
const tonLabel = (v: string) => (v === "" ? "Automatic" : `${v} — ${["Unknown", "International", "National", "Network specific", "Subscriber", "Alphanumeric", "Abbreviated"][Number(v)]}`);
const NPIS = ["", "0", "1", "3", "4", "6", "8", "9", "10", "14", "18"];
const npiLabel = (v: string) =>
  v === "" ? "Automatic" : `${v} — ${{ 0: "Unknown", 1: "ISDN (E.164)", 3: "Data", 4: "Telex", 6: "Land mobile", 8: "National", 9: "Private", 10: "ERMES", 14: "Internet", 18: "WAP" }[Number(v)]}`;
const ton = { values: TONS, option: tonLabel };
const npi = { values: NPIS, option: npiLabel };
/** Both ends of a message are addressed alike: a TON and an NPI each, empty for automatic. */
const addressing = [
  { id: "connector-source-ton", name: "sourceTon", label: "Source TON", ...ton },
  { id: "connector-source-npi", name: "sourceNpi", label: "Source NPI", ...npi },
  { id: "connector-dest-ton", name: "destTon", label: "Destination TON", ...ton },
  { id: "connector-dest-npi", name: "destNpi", label: "Destination NPI", ...npi },
] as const;
const nullableNumber = { setValueAs: (v: unknown) => (v === "" || v === null ? null : Number(v)) };
const number = { valueAsNumber: true } as const;

const blank: CreateConnectorInput = {
  name: "",
  host: "",
  port: 2775,
  systemId: "",
  password: "",
  systemType: "",
  bindMode: "transceiver",
  binds: 1,
  window: 10,
  tps: 100,
  tls: false,
  caFile: "",
  sourceTon: null,
  sourceNpi: null,
  destTon: null,
  destNpi: null,
  gsm7DataCoding: 0,
  enquireLinkSeconds: 30,
  temporaryErrors: [88, 20, 8],
};

/** The form's values for a stored connector: its settings, and an empty (unchanged) password. */
function settingsOf(c: Connector): CreateConnectorInput {
  const settings = Object.fromEntries(Object.keys(blank).map((k) => [k, c[k as keyof Connector]]));
  return { ...(settings as CreateConnectorInput), password: "" };
}

export function ConnectorDialog({ connector, onClose }: { connector: Connector | null; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(createConnectorBody), defaultValues: connector ? settingsOf(connector) : blank });
  const errors = form.formState.errors;
  const dialog = useFormDialog(form, {
    open: true,
    onClose,
    submit: ({ password, ...body }: CreateConnectorInput) => (connector ? updateConnector(connector.id, password ? { ...body, password } : body) : createConnector({ ...body, password })),
    refresh: [connectorsKey],
    announce: (c) => ({ title: connector ? `Connector “${c.name}” saved: workers follow within seconds` : `Connector “${c.name}” added`, tone: "success" }),
    fields: ["name", "host", "port", "caFile", "binds", "window", "tps"],
    conflict: { field: "name", message: "A connector with this name already exists." },
    fallback: "The connector could not be saved.",
  });
  const advancedError = Boolean(errors.sourceTon || errors.sourceNpi || errors.destTon || errors.destNpi || errors.enquireLinkSeconds || errors.temporaryErrors || errors.systemType);

  return (
    <FormDialog
      {...dialog}
      title={connector ? `Edit “${connector.name}”` : "New connector"}
      description="An SMPP connection to an SMSC. Every worker connects it, and follows your changes within seconds."
      size="xl"
      submitLabel={connector ? "Save connector" : "Add connector"}
      formClassName="space-y-5 pb-2"
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_2fr_8rem]">
        <Field id="connector-name" label="Name" hint="Routes and the command line name it." error={errors.name?.message}>
          <Input data-autofocus placeholder="athens-premium" autoComplete="off" {...form.register("name")} />
        </Field>
        <Field id="connector-host" label="Host" error={errors.host?.message}>
          <Input placeholder="smsc.example.com" autoComplete="off" {...form.register("host")} />
        </Field>
        <Field id="connector-port" label="Port" error={errors.port?.message}>
          <Input type="number" inputMode="numeric" {...form.register("port", number)} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id="connector-system-id" label="system_id" error={errors.systemId?.message}>
          <Input autoComplete="off" {...form.register("systemId")} />
        </Field>
        <Field
          id="connector-password"
          label="Password"
          hint={connector?.passwordSet ? "Stored encrypted. Leave empty to keep it." : "Stored encrypted; never shown again."}
          error={errors.password?.message}
        >
          <Input type="password" autoComplete="new-password" placeholder={connector?.passwordSet ? "••••••••" : ""} {...form.register("password")} />
        </Field>
        <Field id="connector-bind-mode" label="Bind as" error={errors.bindMode?.message}>
          <Select {...form.register("bindMode")}>
            <Options values={BIND_MODES} label={(m) => (m === "transceiver" ? "Transceiver" : "Transmitter + receiver")} />
          </Select>
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field id="connector-binds" label="Binds" hint="Connections per worker." error={errors.binds?.message}>
          <Input type="number" min={1} {...form.register("binds", number)} />
        </Field>
        <Field id="connector-window" label="Window" hint="submit_sm in flight per bind." error={errors.window?.message}>
          <Input type="number" min={1} {...form.register("window", number)} />
        </Field>
        <Field id="connector-tps" label="Throughput" hint="submit_sm per second per bind; 0: no limit." error={errors.tps?.message}>
          <Input type="number" min={0} {...form.register("tps", number)} />
        </Field>
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-[1fr_2fr]">
        <CheckboxField control={form.control} name="tls" label="TLS" description="SMPP over TLS (ssmpp)" />
        <Field id="connector-ca" label="CA file" optional hint="A PEM file on the workers, for an SMSC whose certificate no public CA signs." error={errors.caFile?.message}>
          <Input placeholder="/etc/switchboard/smsc-ca.pem" {...form.register("caFile")} />
        </Field>
      </div>
      <Disclosure summary="SMPP details" hint="Addressing, data_coding, keep-alive and failover errors" openWhen={advancedError}>
        <div className="grid gap-5 px-4 pb-4 sm:grid-cols-2">
          {addressing.map((a) => (
            <Field key={a.name} id={a.id} label={a.label} error={errors[a.name]?.message}>
              <Select {...form.register(a.name, nullableNumber)}>
                <Options values={a.values} label={a.option} />
              </Select>
            </Field>
          ))}
          <Field id="connector-data-coding" label="data_coding of GSM-7 text" hint="0 for most SMSCs; some want 1 or 3." error={errors.gsm7DataCoding?.message}>
            <Select {...form.register("gsm7DataCoding", { setValueAs: Number })}>
              <Options values={[0, 1, 3]} label={(v) => ({ 0: "0 — SMSC default alphabet", 1: "1 — IA5 (ASCII)", 3: "3 — Latin-1" })[v]} />
            </Select>
          </Field>
          <Field id="connector-enquire-link" label="enquire_link every (seconds)" error={errors.enquireLinkSeconds?.message}>
            <Input type="number" min={5} {...form.register("enquireLinkSeconds", number)} />
          </Field>
          <Field id="connector-system-type" label="system_type" optional error={errors.systemType?.message}>
            <Input {...form.register("systemType")} />
          </Field>
          <Controller
            control={form.control}
            name="temporaryErrors"
            render={({ field }) => (
              <Field
                id="connector-temporary-errors"
                label="Temporary errors"
                hint="command_status values that send a part on to the route's next connector (88 throttled, 20 queue full, 8 system error)."
                error={errors.temporaryErrors?.message ?? errors.temporaryErrors?.find?.((e) => e)?.message}
              >
                <NumberList value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
              </Field>
            )}
          />
        </div>
      </Disclosure>
    </FormDialog>
  );
}

/** A list of numbers typed as "88, 20, 8" (0x58 too): the text stays as typed, the form gets the numbers. */
function NumberList({ value, onChange, onBlur, ...rest }: { value: number[]; onChange: (v: number[]) => void; onBlur: () => void }) {
  const [text, setText] = useState(value.join(", "));
  return (
    <Input
      {...rest}
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number),
        );
      }}
    />
  );
}
