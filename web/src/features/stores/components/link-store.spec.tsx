import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Store } from '../api';
import { ordersText, syncText } from '../sync-text';
import { AddStoreForm } from './AddStoreForm';
import { DELETE_STORE_QUESTION, DeleteStoreDialog } from './DeleteStoreDialog';
import { StoreList } from './StoreList';

const store = (sync: Partial<Store['sync']>, ordersCount = 0): Store => ({
  _id: '1b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e5f',
  name: 'souk-alger',
  platform: 'youcan',
  createdAt: '2026-11-22T08:00:00.000Z',
  ordersCount,
  sync: { state: 'synced', imported: 0, total: null, lastSyncAt: null, lastError: null, ...sync },
});

describe('a store in words', () => {
  it.each([
    [{ state: 'importing' as const, imported: 150, total: 2000 }, 'Importing 150 of 2000 orders'],
    [{ state: 'importing' as const, imported: 50, total: null }, 'Importing 50 orders'],
    [
      { state: 'synced' as const, lastSyncAt: '2026-11-22T14:05:00.000Z' },
      /^Synced 22 November 2026, \d{2}:05$/,
    ],
    [
      { state: 'failed' as const, lastError: 'YouCan no longer accepts this store' },
      'Sync failed: YouCan no longer accepts this store',
    ],
  ])('%j reads "%s"', (sync, text) => {
    expect(syncText(store(sync))).toMatch(text);
  });

  it('counts orders in words', () => {
    expect([ordersText(0), ordersText(1), ordersText(50)]).toEqual(['0 orders', '1 order', '50 orders']);
  });
});

describe('StoreList', () => {
  it('says when no store is connected', () => {
    render(<StoreList stores={[]} onDelete={jest.fn()} />);
    expect(screen.getByText('No store connected yet.')).toBeTruthy();
  });

  it('shows each store with its platform, order count and sync state, and asks to delete it', async () => {
    const onDelete = jest.fn();
    const linked = store({ state: 'importing', imported: 100, total: 400 }, 100);
    render(<StoreList stores={[linked]} onDelete={onDelete} />);
    expect(screen.getByTestId('store').textContent).toContain('youcan');
    expect(screen.getByTestId('orders-count').textContent).toBe('100 orders');
    expect(screen.getByTestId('sync-state').textContent).toBe('Importing 100 of 400 orders');
    await userEvent.click(screen.getByRole('button', { name: 'Delete souk-alger' }));
    expect(onDelete).toHaveBeenCalledWith(linked);
  });
});

describe('AddStoreForm', () => {
  it('names a bad store name and calls nothing', async () => {
    render(<AddStoreForm onCancel={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(screen.getByText('Store name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Store name'), 'souk alger');
    await userEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(screen.getByText('Store name may contain only letters, digits and dashes')).toBeTruthy();
    // A call would have failed here (no server) and said so.
    expect(screen.queryByText('Could not connect the store.')).toBeNull();
  });

  it('offers four platforms and lets only youcan be submitted', async () => {
    render(<AddStoreForm onCancel={jest.fn()} />);
    const platform = screen.getByLabelText('Platform') as HTMLSelectElement;
    expect([...platform.options].map((option) => option.value)).toEqual([
      'youcan',
      'woocommerce',
      'googleSheets',
      'shopify',
    ]);
    expect(platform.value).toBe('youcan');
    await userEvent.selectOptions(platform, 'shopify');
    expect(screen.getByText('shopify is coming soon: only YouCan can be connected today.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Connect store' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes on Cancel', async () => {
    const onCancel = jest.fn();
    render(<AddStoreForm onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('DeleteStoreDialog', () => {
  it('asks the spec’s question and deletes only when confirmed', async () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(<DeleteStoreDialog storeName="souk-alger" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog').textContent).toContain(DELETE_STORE_QUESTION);
    expect(DELETE_STORE_QUESTION).toBe(
      'Are you sure you want to delete this store? This action cannot be undone.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
