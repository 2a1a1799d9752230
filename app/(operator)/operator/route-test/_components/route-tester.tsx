// The route tester: an account, a sender and a number → the connector the router would choose
// and the rule that chose it, with the order it would try the rest in (and their costs).
"use client";
import Link from "next/link";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormCard } from "@/components/form/form-card";
import { useFormSubmit } from "@/components/form/use-form-submit";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { routeTestBody } from "@/lib/schemas/routes";
import { countryName } from "@/lib/ui/format";
import { testRoute, type RouteTest } from "../../routes/_components/routes-api";

type Question = z.input<typeof routeTestBody>;
const KINDS = ["single", "campaign", "otp", "pool"] as const;

export function RouteTester() {
  const [answer, setAnswer] = useState<RouteTest | null>(null);
  const form = useForm({ resolver: zodResolver(routeTestBody), defaultValues: { accountId: "", from: "", to: "", kind: "single", network: "" } as Question });
  const errors = form.formState.errors;
  const submitting = useFormSubmit(form, {
    submit: (q: z.output<typeof routeTestBody>) => testRoute({ ...q, network: q.network || undefined, accountId: q.accountId || undefined }),
    onSaved: setAnswer,
    fields: ["accountId", "from", "to", "kind", "network"],
    fallback: "The route could not be tested.",
  });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FormCard {...submitting} title="Message" submitLabel="Test route">
        <Field id="test-to" label="To" hint="The destination number, E.164." error={errors.to?.message}>
          <Input data-autofocus placeholder="+306912345678" inputMode="tel" {...form.register("to")} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="test-from" label="From" optional hint="Letters: alphanumeric; digits: numeric." error={errors.from?.message}>
            <Input placeholder="Acme" {...form.register("from")} />
          </Field>
          <Field id="test-kind" label="Kind" error={errors.kind?.message}>
            <Select {...form.register("kind")}>
              <Options values={KINDS} label={(k) => ({ single: "Single SMS", campaign: "Campaign", otp: "OTP", pool: "Pool" })[k]} />
            </Select>
          </Field>
          <Field id="test-account" label="Account id" optional hint="Left empty: routes for every account only." error={errors.accountId?.message}>
            <Input className="font-mono" {...form.register("accountId")} />
          </Field>
          <Field id="test-network" label="Network" optional hint="MCC-MNC, for routes that match networks." error={errors.network?.message}>
            <Input placeholder="20201" {...form.register("network")} />
          </Field>
        </div>
      </FormCard>
      {answer && <Answer answer={answer} />}
    </div>
  );
}

function Answer({ answer: a }: { answer: RouteTest }) {
  return (
    <Card aria-label="Route test result" data-testid="route-test-result">
      <CardHeader
        title={a.connector ? <span>Goes to {a.connector}</span> : "Would not be sent now"}
        description={`${a.destination.to} · ${countryName(a.destination.country)}${a.destination.network ? ` · network ${a.destination.network}` : ""} · ${a.destination.senderType} sender`}
      />
      <CardBody className="space-y-4 text-sm">
        <p>{a.reason}</p>
        {a.rule ? (
          <p>
            Rule:{" "}
            <Link href="/operator/routes" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              route {a.rule.position}
              {a.rule.name ? ` “${a.rule.name}”` : ""}
            </Link>{" "}
            <code className="text-xs">{a.rule.match}</code>
          </p>
        ) : (
          <p>Rule: none matched{a.connector ? " (the connector named default)" : ""}.</p>
        )}
        {a.order.length > 0 && (
          <ol className="space-y-1">
            {a.order.map((c, i) => (
              <li key={c.id} className="flex items-center gap-2">
                <span className="w-5 text-right text-slate-500 tabular-nums">{i + 1}.</span>
                <span className="font-medium">{c.name}</span>
                {!c.enabled && <Badge tone="warning">stopped</Badge>}
                {c.id === a.connectorId && <Badge tone="success">chosen</Badge>}
                {c.cost !== null && <span className="text-slate-500">cost {c.cost}</span>}
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
