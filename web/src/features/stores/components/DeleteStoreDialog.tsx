import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

export const DELETE_STORE_QUESTION =
  'Are you sure you want to delete this store? This action cannot be undone.';

interface DeleteStoreDialogProps {
  storeName?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteStoreDialog({ storeName, onConfirm, onClose }: DeleteStoreDialogProps) {
  return (
    <ConfirmDialog
      open={storeName !== undefined}
      title={`Delete ${storeName ?? ''}`}
      question={DELETE_STORE_QUESTION}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
