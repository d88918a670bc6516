/** The table's columns in the spec's order, with fixed widths so rows line up while they scroll in and out. */
export const COLUMNS = [
  { id: 'select', header: 'Select', width: 56, ownerOnly: true },
  { id: 'ref', header: 'ID', width: 96, ownerOnly: false },
  { id: 'date', header: 'Order Date', width: 190, ownerOnly: false },
  { id: 'name', header: 'Full Name', width: 170, ownerOnly: false },
  { id: 'phone', header: 'Phone', width: 130, ownerOnly: false },
  { id: 'region', header: 'Region', width: 130, ownerOnly: false },
  { id: 'city', header: 'City', width: 130, ownerOnly: false },
  { id: 'product', header: 'Product Name', width: 180, ownerOnly: false },
  { id: 'quantity', header: 'Quantity', width: 90, ownerOnly: false },
  { id: 'total', header: 'Total Charge', width: 120, ownerOnly: false },
  { id: 'status', header: 'Status', width: 170, ownerOnly: false },
  { id: 'notes', header: 'Notes', width: 190, ownerOnly: false },
  { id: 'confirmateur', header: 'Confirmateur', width: 140, ownerOnly: false },
  { id: 'delivery', header: 'Delivery', width: 150, ownerOnly: false },
  { id: 'actions', header: 'Actions', width: 150, ownerOnly: false },
  { id: 'history', header: 'History', width: 100, ownerOnly: true },
  { id: 'note', header: 'Add Note', width: 220, ownerOnly: false },
] as const;

export type ColumnId = (typeof COLUMNS)[number]['id'];

export const columnsFor = (isOwner: boolean) => COLUMNS.filter((column) => isOwner || !column.ownerOnly);
