// A form field: a real <label> bound to its control by id, an optional hint and the error text,
// wired up with aria-describedby and aria-invalid so assistive tech reads them.
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

export function Label({ htmlFor, children, className }: { htmlFor?: string; children: ReactNode; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={cn("block text-sm font-medium text-slate-800 dark:text-slate-200", className)}>
      {children}
    </label>
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  /** A single control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
}

export function Field({ id, label, hint, error, optional, className, children }: FieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children) ? cloneElement(children, { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined }) : children;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span>}
      </Label>
      {control}
      {hintId && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
