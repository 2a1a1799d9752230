// Hands over a credential the server shows only this once (a new user's password, a new
// application's secret): a warning above the values, and a button that says it was kept.
"use client";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, type ModalProps } from "./dialog";
import { AlertIcon } from "./icons";

export function ShownOnceDialog({
  open,
  onClose,
  title,
  description,
  size,
  warning,
  advice,
  keptLabel,
  actions,
  spacing = "space-y-4",
  children,
}: Pick<ModalProps, "open" | "onClose" | "title" | "description" | "size"> & {
  /** "This password will not be shown again." */
  warning: string;
  /** What to do with it now. */
  advice: string;
  /** The closing button: "I have stored the secret". */
  keptLabel: string;
  /** Other ways out, before the closing button. */
  actions?: ReactNode;
  spacing?: "space-y-4" | "space-y-5";
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          {actions}
          <Button onClick={onClose}>{keptLabel}</Button>
        </>
      }
    >
      <div className={`${spacing} pb-2`}>
        <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          <p>
            <strong className="font-semibold">{warning}</strong> {advice}
          </p>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
