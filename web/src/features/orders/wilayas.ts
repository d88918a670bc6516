import { currentLanguage } from '../../i18n/i18n';

// The 58 wilayas by code, names only, so the filter does not pull the communes into the bundle.
// Source: libs/geo-dz/data/algeria-58.json (wilayas[].code and .name); wilayas.spec.tsx checks they agree.
const NAMES = [
  'Adrar',
  'Chlef',
  'Laghouat',
  'Oum El Bouaghi',
  'Batna',
  'Béjaïa',
  'Biskra',
  'Béchar',
  'Blida',
  'Bouira',
  'Tamanrasset',
  'Tébessa',
  'Tlemcen',
  'Tiaret',
  'Tizi Ouzou',
  'Alger',
  'Djelfa',
  'Jijel',
  'Sétif',
  'Saïda',
  'Skikda',
  'Sidi Bel Abbès',
  'Annaba',
  'Guelma',
  'Constantine',
  'Médéa',
  'Mostaganem',
  "M'Sila",
  'Mascara',
  'Ouargla',
  'Oran',
  'El Bayadh',
  'Illizi',
  'Bordj Bou Arreridj',
  'Boumerdès',
  'El Tarf',
  'Tindouf',
  'Tissemsilt',
  'El Oued',
  'Khenchela',
  'Souk Ahras',
  'Tipaza',
  'Mila',
  'Aïn Defla',
  'Naâma',
  'Aïn Témouchent',
  'Ghardaïa',
  'Relizane',
  'Timimoun',
  'Bordj Badji Mokhtar',
  'Ouled Djellal',
  'Béni Abbès',
  'In Salah',
  'In Guezzam',
  'Touggourt',
  'Djanet',
  'El Meghaier',
  'El Menia',
] as const;

// The same wilayas' Arabic names (wilayas[].name_ar), for a user who reads the app in Arabic.
const NAMES_AR = [
  'أدرار',
  'الشلف',
  'الأغواط',
  'أم البواقي',
  'باتنة',
  'بجاية',
  'بسكرة',
  'بشار',
  'البليدة',
  'البويرة',
  'تمنراست',
  'تبسة',
  'تلمسان',
  'تيارت',
  'تيزي وزو',
  'الجزائر',
  'الجلفة',
  'جيجل',
  'سطيف',
  'سعيدة',
  'سكيكدة',
  'سيدي بلعباس',
  'عنابة',
  'قالمة',
  'قسنطينة',
  'المدية',
  'مستغانم',
  'المسيلة',
  'معسكر',
  'ورقلة',
  'وهران',
  'البيض',
  'إليزي',
  'برج بوعريريج',
  'بومرداس',
  'الطارف',
  'تندوف',
  'تيسمسيلت',
  'الوادي',
  'خنشلة',
  'سوق أهراس',
  'تيبازة',
  'ميلة',
  'عين الدفلة',
  'النعامة',
  'عين تيموشنت',
  'غرداية',
  'غليزان',
  'تيميمون',
  'برج باجي مختار',
  'أولاد جلال',
  'بني عباس',
  'عين صالح',
  'عين قزام',
  'تقرت',
  'جانت',
  'المغير',
  'المنيعة',
] as const;

export interface WilayaOption {
  code: number;
  name: string;
  nameAr: string;
  /** "01 - Adrar" */
  label: string;
}

export const WILAYA_OPTIONS: readonly WilayaOption[] = NAMES.map((name, index) => ({
  code: index + 1,
  name,
  nameAr: NAMES_AR[index],
  label: `${String(index + 1).padStart(2, '0')} - ${name}`,
}));

/** A wilaya's name in the script of the app's language: Arabic for Arabic, else Latin. */
export function wilayaName(wilaya: { name: string; nameAr: string } | null | undefined): string | undefined {
  if (!wilaya) return undefined;
  return currentLanguage() === 'ar' ? wilaya.nameAr : wilaya.name;
}

/** "01 - Adrar", or "01 - أدرار" in Arabic. */
export const wilayaLabel = (option: WilayaOption) =>
  `${String(option.code).padStart(2, '0')} - ${wilayaName(option)}`;
