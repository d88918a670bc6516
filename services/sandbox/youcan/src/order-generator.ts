import { WILAYAS } from '@tawsil/geo-dz';
import { randomInt, randomUUID } from 'node:crypto';

export interface YoucanAddress {
  first_name: string;
  last_name: string;
  full_name: string;
  first_line: string;
  phone: string;
  country_code: 'DZ';
  country_name: 'Algeria';
  region: string;
  city: string;
}

/** An order in YouCan's JSON shape, with customer, variants and shipping included. */
export interface YoucanOrder {
  id: string;
  ref: string;
  total: number;
  currency: 'DZD';
  status: number;
  notes: string | null;
  created_at: string;
  updated_at: string;
  customer: {
    id: string;
    first_name: string;
    last_name: string;
    phone: string;
    region: string;
    city: string;
  };
  variants: {
    id: string;
    price: number;
    quantity: number;
    variant: { id: string; price: number; product: { id: string; name: string } };
  }[];
  shipping: { status: number; price: number; address: YoucanAddress[] };
  payment: { status: number; status_text: string; payload: { gateway: 'cod' } };
}

const FIRST_NAMES = [
  'Amina',
  'Yacine',
  'Sara',
  'Karim',
  'Nadia',
  'Walid',
  'Lydia',
  'Mehdi',
  'Chaïma',
  'Réda',
  'Ikram',
  'Sofiane',
  'محمد',
  'فاطمة',
  'Anaïs',
  'Hocine',
];
const LAST_NAMES = [
  'Benali',
  'Boudiaf',
  'Haddad',
  'Mansouri',
  'Kaci',
  'Belkacem',
  'Zerrouki',
  'Saïdi',
  'Chérif',
  'بن علي',
  'Amrani',
  'Ferhat',
  'Touati',
  'Lounis',
];
const PRODUCTS = [
  { name: 'Montre connectée Pro', price: 4900 },
  { name: 'Écouteurs sans fil', price: 2800 },
  { name: 'Robe kabyle brodée', price: 7500 },
  { name: 'Huile d’argan 100 ml', price: 1900 },
  { name: 'عطر العود الملكي', price: 3500 },
  { name: 'Sac à main cuir', price: 5200 },
  { name: 'Lampe LED rechargeable', price: 1500 },
  { name: 'Tapis de prière', price: 2200 },
];
const SHIPPING_PRICES = [400, 500, 600, 700, 800];

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)];

function phone(): string {
  return `0${pick(['5', '6', '7'])}${String(randomInt(10_000_000, 100_000_000)).padStart(8, '0')}`;
}

/** A realistic Algerian cash-on-delivery order: names, phone, wilaya and commune, products in DZD. */
export function generateOrder(sequence: number): YoucanOrder {
  const wilaya = pick(WILAYAS);
  const commune = pick(wilaya.communes);
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const customerPhone = phone();
  const lines = Array.from({ length: randomInt(1, 3) }, () => {
    const product = pick(PRODUCTS);
    return { product, quantity: randomInt(1, 4) };
  });
  const shippingPrice = pick(SHIPPING_PRICES);
  const total = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0) + shippingPrice;
  const now = new Date().toISOString();
  // Stores type the region freely: sometimes the code, sometimes the name, sometimes in Arabic.
  const region = pick([
    wilaya.name,
    `${String(wilaya.code).padStart(2, '0')} - ${wilaya.name}`,
    wilaya.nameAr,
    wilaya.name.toUpperCase(),
  ]);
  const address: YoucanAddress = {
    first_name: firstName,
    last_name: lastName,
    full_name: `${firstName} ${lastName}`,
    first_line: `Cité ${randomInt(1, 500)} logements, bâtiment ${randomInt(1, 30)}`,
    phone: customerPhone,
    country_code: 'DZ',
    country_name: 'Algeria',
    region,
    city: commune.name,
  };
  return {
    id: randomUUID(),
    ref: String(sequence).padStart(5, '0'),
    total,
    currency: 'DZD',
    status: 1,
    notes: null,
    created_at: now,
    updated_at: now,
    customer: {
      id: randomUUID(),
      first_name: firstName,
      last_name: lastName,
      phone: customerPhone,
      region,
      city: commune.name,
    },
    variants: lines.map((line) => {
      const variantId = randomUUID();
      return {
        id: randomUUID(),
        price: line.product.price,
        quantity: line.quantity,
        variant: {
          id: variantId,
          price: line.product.price,
          product: { id: randomUUID(), name: line.product.name },
        },
      };
    }),
    shipping: { status: 0, price: shippingPrice, address: [address] },
    payment: { status: 5, status_text: 'pending', payload: { gateway: 'cod' } },
  };
}
