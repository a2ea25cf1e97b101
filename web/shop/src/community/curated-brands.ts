/**
 * The curated brands grid of the Brands section (about 20, spec section 2). Shown as wordmarks in the product's own
 * type, since the brands' logo files are theirs to give (see the disclaimer under the grid).
 */
export const CURATED_BRANDS = [
  'Apple',
  'Samsung',
  'Sony',
  'LG',
  'Dell',
  'HP',
  'Lenovo',
  'Asus',
  'Nike',
  'Adidas',
  'Puma',
  'Canon',
  'Nikon',
  'boAt',
  'Titan',
  'Prestige',
  'Philips',
  'Bose',
  'Fastrack',
  'Skybags',
] as const;
