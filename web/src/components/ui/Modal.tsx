import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
}

/** A titled dialog over a dimmed page; Escape and a click outside close it. */
export function Modal({ open, title, onClose, children, width = 'max-w-sm' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={`flex max-h-[85vh] w-full ${width} flex-col rounded-lg bg-white p-6 shadow-xl`}
        >
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
