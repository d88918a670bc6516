import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

export const DELETE_STORE_QUESTION =
  'Are you sure you want to delete this store? This action cannot be undone.';

interface DeleteStoreDialogProps {
  storeName?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteStoreDialog({ storeName, onConfirm, onClose }: DeleteStoreDialogProps) {
  return (
    <Dialog open={storeName !== undefined} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold">Delete {storeName}</DialogTitle>
          <p className="mt-2 text-sm text-slate-700">{DELETE_STORE_QUESTION}</p>
          <div className="mt-4 flex justify-end gap-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-4 py-2 text-slate-700 hover:bg-slate-100"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="rounded-md bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700"
            >
              Delete
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
