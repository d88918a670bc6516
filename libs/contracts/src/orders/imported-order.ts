/** An order as a store platform delivered it, mapped to the product's shape for the orders service. */
export interface ImportedOrder {
  /** The platform's own order id: with the store, the key that makes imports idempotent. */
  externalId: string;
  ref: string;
  orderDate: string;
  /** The platform's last change; an older copy never overwrites a newer one. */
  sourceUpdatedAt: string;
  customer: {
    fullName: string;
    phone: string;
    /** The region exactly as the store typed it. */
    regionRaw: string;
    /** The wilaya recognised in it (1-58), or null. */
    wilayaCode: number | null;
    city: string;
  };
  items: { productName: string; quantity: number; price: number }[];
  total: number;
  currency: string;
}
