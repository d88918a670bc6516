/** What YouCan's token endpoint answers. */
export interface YoucanTokens {
  token_type: string;
  expires_in: number;
  access_token: string;
  refresh_token?: string;
}

/** `GET /me`: the store the token opens. */
export interface YoucanStoreInfo {
  id?: string;
  store_id?: string;
  slug?: string;
  name?: string;
}

export interface YoucanAddress {
  full_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  region?: string | null;
  state?: string | null;
  city?: string | null;
}

/** The fields of YouCan's order the product reads; everything is optional because stores differ. */
export interface YoucanOrder {
  id: string;
  ref?: string | number | null;
  total?: number | string | null;
  currency?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  customer?: (YoucanAddress & { id?: string }) | null;
  variants?:
    | {
        quantity?: number | string | null;
        price?: number | string | null;
        variant?: { product?: { name?: string | null } | null } | null;
      }[]
    | null;
  shipping?: { address?: YoucanAddress[] | YoucanAddress | null } | null;
}

export interface YoucanOrdersPage {
  data: YoucanOrder[];
  meta?: { pagination?: { total?: number; current_page?: number; total_pages?: number } };
}
