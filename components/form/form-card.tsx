// A form in a card: its title, the server's refusal above the fields and one submit button at
// the foot (the email and OTP test forms).
"use client";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/error-note";

export function FormCard({
  title,
  description,
  onSubmit,
  error,
  submitLabel,
  pending,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal, shown above the fields. */
  error?: string;
  submitLabel: ReactNode;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <form onSubmit={onSubmit} noValidate>
        <CardBody className="space-y-4 py-4">
          {error && <ErrorNote>{error}</ErrorNote>}
          {children}
        </CardBody>
        <CardFooter className="flex justify-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
