// Modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
// (focus stays inside), focuses the first control (or the one marked data-autofocus), Esc
// closes, and focus returns to the opener.
"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";
import { XIcon } from "./icons";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Esc and backdrop clicks are ignored while false (e.g. a request is in flight). */
  dismissible?: boolean;
  /** Width of a dialog (drawers are always the same width). */
  size?: "md" | "lg" | "xl";
}

const widths = { md: "max-w-lg", lg: "max-w-xl", xl: "max-w-2xl" };

/** Opens and closes a <dialog> with `open`, and reports Esc and backdrop clicks as onClose. */
export function useModal(open: boolean, onClose: () => void, dismissible: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const downOnBackdrop = useRef(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // React's autoFocus runs before the dialog is shown, so mark the control instead.
      d.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);
  return {
    ref,
    onCancel: (e: React.SyntheticEvent) => {
      e.preventDefault();
      if (dismissible) onClose();
    },
    onMouseDown: (e: React.MouseEvent) => {
      downOnBackdrop.current = e.target === e.currentTarget;
    },
    onClick: (e: React.MouseEvent) => {
      if (downOnBackdrop.current && e.target === e.currentTarget && dismissible) onClose();
      downOnBackdrop.current = false;
    },
  };
}

export function Dialog({ open, onClose, title, description, children, footer, className, dismissible = true, size = "md" }: ModalProps) {
  const modal = useModal(open, onClose, dismissible);
  const ids = useModalIds(description);
  return (
    <dialog
      {...modal}
      {...ids.aria}
      className={cn(
        "sb-dialog m-auto w-[calc(100%-2rem)] overflow-visible rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl",
        "backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px] dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
        widths[size],
        className,
      )}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <ModalHeader ids={ids} title={title} description={description} onClose={onClose} dismissible={dismissible} className="px-6 pt-5 pb-3" />
          {children && <div className="min-h-0 overflow-y-auto px-6 py-3">{children}</div>}
          {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end dark:border-slate-800">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

/** The ids that name and describe a modal, and the aria attributes that point at them. */
export function useModalIds(description: ReactNode) {
  const title = useId();
  const describedBy = useId();
  return { title, description: describedBy, aria: { "aria-labelledby": title, "aria-describedby": description ? describedBy : undefined } };
}

/** A modal's title and description beside its close button (the drawer's title stays on one line). */
export function ModalHeader({
  ids,
  title,
  description,
  onClose,
  dismissible,
  className,
  truncate,
}: {
  ids: ReturnType<typeof useModalIds>;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  dismissible: boolean;
  className: string;
  truncate?: boolean;
}) {
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <h2 id={ids.title} className={cn("text-lg font-semibold tracking-tight", truncate && "truncate")}>
          {title}
        </h2>
        {description && (
          <div id={ids.description} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </div>
        )}
      </div>
      <CloseButton onClick={onClose} disabled={!dismissible} />
    </div>
  );
}

export function CloseButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label="Close"
      className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40 dark:hover:bg-slate-800 dark:hover:text-slate-200"
    >
      <XIcon size={18} />
    </button>
  );
}
