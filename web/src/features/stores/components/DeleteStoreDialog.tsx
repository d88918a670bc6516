import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useTranslation } from 'react-i18next';

// The spec's English words (stores.delete_question in English).
export const DELETE_STORE_QUESTION =
  'Are you sure you want to delete this store? This action cannot be undone.';

interface DeleteStoreDialogProps {
  storeName?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteStoreDialog({ storeName, onConfirm, onClose }: DeleteStoreDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={storeName !== undefined}
      title={t('stores.delete_title', { name: storeName ?? '' })}
      question={t('stores.delete_question')}
      confirmLabel={t('orders.delete')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
