// A panel that slides in from the right for details; same behaviour as <Dialog>.
"use client";
import { cn } from "./cn";
import { ModalHeader, useModal, useModalIds, type ModalProps } from "./dialog";

export function Drawer({ open, onClose, title, description, children, footer, className, dismissible = true }: ModalProps) {
  const modal = useModal(open, onClose, dismissible);
  const ids = useModalIds(description);
  return (
    <dialog
      {...modal}
      {...ids.aria}
      className={cn(
        "sb-drawer my-0 mr-0 ml-auto h-dvh max-h-dvh w-full max-w-md border-l border-slate-200 bg-white p-0 text-slate-900 shadow-2xl",
        "backdrop:bg-slate-950/40 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      {open && (
        <div className="flex h-full flex-col">
          <ModalHeader ids={ids} title={title} description={description} onClose={onClose} dismissible={dismissible} className="border-b border-slate-200 px-6 py-5 dark:border-slate-800" truncate />
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4 dark:border-slate-800">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
