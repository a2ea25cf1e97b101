/**
 * How a wordmark is set: the product's own type in one of a few treatments, so the grid reads as twenty different
 * names rather than one list. No brand's logo is imitated: their logo files are theirs to give (see the disclaimer
 * under the grid).
 */
export type WordmarkType = 'heavy' | 'wide-caps' | 'serif' | 'light' | 'slanted' | 'mono';
/** The tile's colours, from the product's palette (each pair passes contrast for its text). */
export type WordmarkTone = 'paper' | 'night' | 'marigold' | 'lilac';

export interface CuratedBrand {
  name: string;
  /** What members know them for, under the name. */
  known: string;
  type: WordmarkType;
  tone: WordmarkTone;
}

/** The curated brands grid of the Brands section (about 20, spec section 2). */
export const CURATED_BRANDS: readonly CuratedBrand[] = [
  { name: 'Apple', known: 'Phones & laptops', type: 'heavy', tone: 'paper' },
  { name: 'Samsung', known: 'Phones & TVs', type: 'wide-caps', tone: 'night' },
  { name: 'Sony', known: 'Audio & cameras', type: 'wide-caps', tone: 'paper' },
  { name: 'LG', known: 'Home appliances', type: 'heavy', tone: 'lilac' },
  { name: 'Dell', known: 'Laptops', type: 'wide-caps', tone: 'marigold' },
  { name: 'HP', known: 'Laptops & printers', type: 'slanted', tone: 'night' },
  { name: 'Lenovo', known: 'Laptops', type: 'light', tone: 'paper' },
  { name: 'Asus', known: 'Laptops', type: 'mono', tone: 'lilac' },
  { name: 'Nike', known: 'Sportswear', type: 'slanted', tone: 'marigold' },
  { name: 'Adidas', known: 'Sportswear', type: 'light', tone: 'night' },
  { name: 'Puma', known: 'Sportswear', type: 'heavy', tone: 'paper' },
  { name: 'Canon', known: 'Cameras', type: 'serif', tone: 'lilac' },
  { name: 'Nikon', known: 'Cameras', type: 'slanted', tone: 'paper' },
  { name: 'boAt', known: 'Earphones', type: 'heavy', tone: 'night' },
  { name: 'Titan', known: 'Watches', type: 'serif', tone: 'marigold' },
  { name: 'Prestige', known: 'Kitchen', type: 'serif', tone: 'paper' },
  { name: 'Philips', known: 'Grooming & home', type: 'wide-caps', tone: 'lilac' },
  { name: 'Bose', known: 'Audio', type: 'mono', tone: 'night' },
  { name: 'Fastrack', known: 'Watches & eyewear', type: 'slanted', tone: 'lilac' },
  { name: 'Skybags', known: 'Travel bags', type: 'light', tone: 'marigold' },
];
