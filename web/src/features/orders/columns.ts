/** The table's columns in the spec's order, with fixed widths so rows line up while they scroll in and out. */
export const COLUMNS = [
  { id: 'select', header: 'Select', width: 56, ownerOnly: true },
  { id: 'ref', header: 'ID', width: 96, ownerOnly: false },
  { id: 'date', header: 'Order Date', width: 190, ownerOnly: false },
  { id: 'name', header: 'Full Name', width: 190, ownerOnly: false },
  { id: 'phone', header: 'Phone', width: 130, ownerOnly: false },
  { id: 'region', header: 'Region', width: 130, ownerOnly: false },
  { id: 'city', header: 'City', width: 130, ownerOnly: false },
  { id: 'product', header: 'Product Name', width: 200, ownerOnly: false },
  { id: 'quantity', header: 'Quantity', width: 90, ownerOnly: false },
  { id: 'total', header: 'Total Charge', width: 120, ownerOnly: false },
  { id: 'status', header: 'Status', width: 190, ownerOnly: false },
  { id: 'notes', header: 'Notes', width: 190, ownerOnly: false },
  { id: 'confirmateur', header: 'Confirmateur', width: 140, ownerOnly: false },
  { id: 'delivery', header: 'Delivery', width: 150, ownerOnly: false },
  { id: 'actions', header: 'Actions', width: 150, ownerOnly: false },
  { id: 'history', header: 'History', width: 100, ownerOnly: true },
  { id: 'note', header: 'Add Note', width: 220, ownerOnly: false },
] as const;

export type ColumnId = (typeof COLUMNS)[number]['id'];

/** These stay in place while the rest of the row scrolls sideways. */
const STICKY: readonly ColumnId[] = ['select', 'ref', 'name'];

export const columnsFor = (isOwner: boolean) => COLUMNS.filter((column) => isOwner || !column.ownerOnly);

/** The left offset of each fixed column, in pixels. */
export function stickyOffsets(columns: ReturnType<typeof columnsFor>): Partial<Record<ColumnId, number>> {
  const offsets: Partial<Record<ColumnId, number>> = {};
  let left = 0;
  for (const column of columns) {
    if (!STICKY.includes(column.id)) break;
    offsets[column.id] = left;
    left += column.width;
  }
  return offsets;
}
