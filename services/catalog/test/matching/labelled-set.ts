import { DEMO_PRODUCTS } from '../../src/demo/demo-catalog.js';
import { pickListMatches } from '../../src/domain/board.js';
import { type MatchableProduct, Matcher } from '../../src/domain/matching/matcher.js';

/**
 * The labelled set the matcher is measured on (docs/decisions/0099): the demo catalogue plus twenty products named
 * the ways Indian marketplaces name them, and thirty members' lists written the ways members write them (joined and
 * split words, typos, Hinglish, brands, categories, budgets). Each item names every product a member who wrote it
 * would be glad to see; every other (item, product) pair is labelled not relevant. Labels were written from the
 * member's side before tuning, and are not to be changed to suit the matcher.
 */
const EXTRA_PRODUCTS: Omit<MatchableProduct, 'id'>[] = [
  { name: 'Philips Essential Airfryer HD9200, 4.1 L', brand: 'Philips', category: 'Home & Garden', pricePaise: 699_900 },
  { name: 'LG 242 L 3 Star Frost-Free Double Door Refrigerator', brand: 'LG', category: 'Home & Garden', pricePaise: 2_649_000 },
  { name: 'Voltas 1.5 Ton 3 Star Inverter Split AC', brand: 'Voltas', category: 'Home & Garden', pricePaise: 3_599_000 },
  { name: 'Sony WF-1000XM5 Noise Cancelling Truly Wireless Earbuds', brand: 'Sony', category: 'Electronics', pricePaise: 2_199_000 },
  { name: 'Redmi Note 13 5G (6 GB RAM, 128 GB)', brand: 'Xiaomi', category: 'Electronics', pricePaise: 1_699_900 },
  { name: 'Vincent Chase Blue Block Spectacles', brand: 'Lenskart', category: 'Beauty & Personal Care', pricePaise: 150_000 },
  { name: 'Bajaj Rex 500 W Mixer Grinder with 3 Jars', brand: 'Bajaj', category: 'Home & Garden', pricePaise: 249_900 },
  { name: 'AO Smith 15 L Storage Water Heater', brand: 'AO Smith', category: 'Home & Garden', pricePaise: 899_000 },
  { name: 'Wildcraft Pack of 3 Ankle Socks', brand: 'Wildcraft', category: 'Clothing', pricePaise: 39_900 },
  { name: 'Skybags 32 L Laptop Backpack', brand: 'Skybags', category: 'Sports & Outdoors', pricePaise: 159_900 },
  { name: 'JBL Tune 770NC Adaptive Noise Cancelling Wireless Headphones', brand: 'JBL', category: 'Electronics', pricePaise: 599_900 },
  { name: 'Hawkins Contura Hard Anodised Pressure Cooker, 3 L', brand: 'Hawkins', category: 'Home & Garden', pricePaise: 219_000 },
  { name: "Bata Men's Sports Shoes", brand: 'Bata', category: 'Clothing', pricePaise: 149_900 },
  { name: 'Crompton Energion 1200 mm BLDC Ceiling Fan', brand: 'Crompton', category: 'Home & Garden', pricePaise: 349_900 },
  { name: 'Milton Steel Combi Lunch Box with 3 Containers', brand: 'Milton', category: 'Home & Garden', pricePaise: 89_900 },
  { name: 'Godrej Interio Slimline 2-Door Steel Almirah', brand: 'Godrej', category: 'Home & Garden', pricePaise: 1_499_000 },
  { name: 'Ambrane 20000 mAh Power Bank', brand: 'Ambrane', category: 'Electronics', pricePaise: 149_900 },
  { name: 'Hot Wheels 5-Car Gift Pack', brand: 'Mattel', category: 'Toys & Games', pricePaise: 69_900 },
  { name: 'Samsung 7 kg Fully Automatic Front Load Washing Machine', brand: 'Samsung', category: 'Home & Garden', pricePaise: 3_199_000 },
  { name: 'Apple iPhone 15 (128 GB, Black)', brand: 'Apple', category: 'Electronics', pricePaise: 6_990_000 },
];

export const LABELLED_PRODUCTS: MatchableProduct[] = [
  ...DEMO_PRODUCTS.map((product) => ({
    name: product.name,
    brand: product.brand,
    category: product.category,
    pricePaise: product.price * 100,
  })),
  ...EXTRA_PRODUCTS,
].map((product, index) => ({ ...product, id: `P${index + 1}` }));

/** Products are named by a piece of their name found in exactly one. */
type Labels = Record<string, string[]>;
interface LabelledMember {
  need: Labels;
  greed: Labels;
}

const PHONES = ['256 GB, Onyx', '512 GB, Marble', 'Redmi Note', 'iPhone 15'];
const EARBUDS = ['WF-1000XM5', 'Airdopes'];
const HEADPHONES = ['WH-1000XM5', 'JBL Tune'];
const MIXERS = ['HL7756', 'Bajaj Rex'];
const COOKERS = ['Svachh', 'Hawkins'];
const BACKPACKS = ['Hiking Backpack', 'Laptop Backpack'];
const SHOES = ['(UK 8)', '(UK 9)', 'Sports Shoes'];
const BOOKS = ['Psychology of Money', 'Atomic Habits', 'Mahabharata'];

export const LABELLED_MEMBERS: LabelledMember[] = [
  { need: { airfryer: ['Airfryer'], fridge: ['Refrigerator'], mixie: MIXERS }, greed: { AC: ['Split AC'] } },
  {
    need: { 'noise cancelling earbuds': ['WF-1000XM5'], 'ear buds': EARBUDS, mobile: PHONES },
    greed: { 'macbook air': ['MacBook'] },
  },
  { need: { specs: ['Spectacles'], backpack: BACKPACKS, socks: ['Ankle Socks'] }, greed: { TWS: EARBUDS } },
  {
    need: { pack: ['Ankle Socks', 'Gift Pack'], geyser: ['Water Heater'], 'pressure cooker': COOKERS },
    greed: { almirah: ['Almirah'] },
  },
  {
    need: { 'running shoes': SHOES, 'yoga mat': ['Yoga Mat'], 'cricket bat': ['Cricket Bat'] },
    greed: { 'smart watch': ['Smartwatch'], headphones: HEADPHONES },
  },
  {
    need: { tiffin: ['Lunch Box'], 'ceiling fan': ['Ceiling Fan'], 'washing machine': ['Washing Machine'] },
    greed: { 'iphone 15': ['iPhone 15'] },
  },
  {
    need: { 'power bank': ['Power Bank'], phone: PHONES, dashcam: ['Dashcam'] },
    greed: { 'LED TV': ['LED TV'], camera: ['Canon EOS'] },
  },
  {
    need: { kurta: ['Kurta'], 'polo t-shirt': ['Polo T-shirt'], 'track jacket': ['Track Jacket'] },
    greed: { perfume: ['Eau de Parfum'] },
  },
  {
    need: {
      'books by james clear': ['Atomic Habits'],
      'psychology of money': ['Psychology of Money'],
      'mahabharata comics': ['Mahabharata'],
    },
    greed: { lego: ['LEGO'] },
  },
  {
    need: { 'face serum': ['Face Serum'], 'hair oil': ['Hair Oil'], trimmer: ['OneBlade'] },
    greed: { 'oudh perfume': ['Eau de Parfum'] },
  },
  {
    need: { helmet: ['Helmet'], 'tyre inflator': ['Tyre Inflator'], 'car accessories': ['Dashcam', 'Tyre Inflator'] },
    greed: { 'dash cam': ['Dashcam'] },
  },
  {
    need: { monopoly: ['Monopoly'], 'board games': ['Monopoly'], 'remote control car': ['Stunt Car'] },
    greed: { toys: ['LEGO', 'Monopoly', 'Stunt Car', 'Gift Pack'] },
  },
  { need: { plant: ['Snake Plant'], 'desk lamp': ['Desk Lamp'], flask: ['Flask'] }, greed: { thermos: ['Flask'] } },
  {
    need: { headphnes: HEADPHONES, 'samsng phone': ['256 GB, Onyx', '512 GB, Marble'], laptop: ['MacBook'] },
    greed: { 'refrigerator double door': ['Refrigerator'] },
  },
  {
    need: { 'mixer grinder': MIXERS, 'air conditioner': ['Split AC'], 'water heater': ['Water Heater'] },
    greed: { earphones: EARBUDS },
  },
  {
    need: { 'smartphone 5g': PHONES, 'wireless headphones': HEADPHONES, 'school bag': BACKPACKS },
    greed: { 'noise cancelling headphones': HEADPHONES },
  },
  { need: { sneakers: SHOES, jacket: ['Track Jacket'], tshirt: ['Polo T-shirt'] }, greed: { adidas: ['Track Jacket'] } },
  { need: { chashma: ['Spectacles'], ghadi: ['Smartwatch'], joote: SHOES }, greed: { kitaab: BOOKS } },
  { need: { cooker: COOKERS, kadai: [], lunchbox: ['Lunch Box'] }, greed: { almari: ['Almirah'] } },
  { need: { dslr: ['Canon EOS'], 'mirrorless camera': ['Canon EOS'], tripod: [] }, greed: { gopro: [] } },
  {
    need: { 'LG tv': ['LED TV'], '43 inch tv': ['LED TV'], television: ['LED TV'] },
    greed: { 'smart tv': ['LED TV'] },
  },
  {
    need: {
      samsung: ['256 GB, Onyx', '512 GB, Marble', 'Washing Machine'],
      philips: ['HL7756', 'OneBlade', 'Airfryer'],
      sony: ['WH-1000XM5', 'WF-1000XM5'],
    },
    greed: { apple: ['MacBook', 'iPhone 15'] },
  },
  {
    need: {
      electronics: [...PHONES, ...EARBUDS, ...HEADPHONES, 'MacBook', 'LED TV', 'Canon EOS', 'Smartwatch', 'Power Bank'],
    },
    greed: { 'beauty products': ['Face Serum', 'OneBlade', 'Eau de Parfum', 'Hair Oil', 'Spectacles'] },
  },
  { need: { 'air fryer': ['Airfryer'], 'air conditioner': ['Split AC'] }, greed: { 'nike air': ['(UK 8)', '(UK 9)'] } },
  { need: { bag: BACKPACKS, 'back pack': BACKPACKS, 'laptop bag': ['Laptop Backpack'] }, greed: {} },
  {
    need: { 'pressure cooker 5 litre': ['Svachh'], 'steel flask 1 litre': ['Flask'], 'yoga mat 6mm': ['Yoga Mat'] },
    greed: {},
  },
  {
    need: { 'phone under 20000': ['Redmi Note'], 'good earphones for gym': EARBUDS },
    greed: { 'best perfume for men': ['Eau de Parfum'] },
  },
  { need: { Prestige: ['Svachh'], Milton: ['Flask', 'Lunch Box'], boAt: ['Airdopes'] }, greed: {} },
  { need: { 'hiking backpack': ['Hiking Backpack'], 'trekking shoes': [], 'camping tent': [] }, greed: {} },
  { need: { 'bluetooth speaker': [], soundbar: [], 'smart watch': ['Smartwatch'] }, greed: { 'fitness band': [] } },
];

function productNamed(piece: string): string {
  const found = LABELLED_PRODUCTS.filter((product) => product.name.includes(piece));
  if (found.length !== 1) throw new Error(`'${piece}' names ${found.length} labelled products`);
  return (found[0] as MatchableProduct).id;
}

export interface MemberQuality {
  member: number;
  picked: number;
  relevantPicked: number;
  /** What a perfect top five would hold: the member's relevant products, at most five. */
  attainable: number;
}

export interface Quality {
  members: MemberQuality[];
  /** Relevant products among all the members' top fives, over every product in them. */
  precision: number;
  /** Relevant products in the top fives, over what the top fives could have held. */
  recall: number;
  /** How many (item, product) pairs the set labels. */
  pairs: number;
}

export const TARGETS = { precision: 0.9, recall: 0.8 } as const;

/** Each member's top five by the board's own rule (need items first, the items in turn), against the labels. */
export function measureQuality(): Quality {
  const matcher = new Matcher(LABELLED_PRODUCTS);
  const members = LABELLED_MEMBERS.map((labelled, index): MemberQuality => {
    const need = Object.keys(labelled.need);
    const greed = Object.keys(labelled.greed);
    const relevant = new Set([...Object.values(labelled.need), ...Object.values(labelled.greed)].flat().map(productNamed));
    const matches = [...need, ...greed].map((item) => matcher.matchesOf(item).map((match) => match.productId));
    const picked = pickListMatches(need, greed, matches, 5);
    return {
      member: index + 1,
      picked: picked.length,
      relevantPicked: picked.filter((pick) => relevant.has(pick.productId)).length,
      attainable: Math.min(5, relevant.size),
    };
  });
  const sum = (pick: (member: MemberQuality) => number) => members.reduce((total, member) => total + pick(member), 0);
  const items = LABELLED_MEMBERS.reduce((total, member) => total + Object.keys(member.need).length + Object.keys(member.greed).length, 0);
  return {
    members,
    precision: sum((member) => member.relevantPicked) / sum((member) => member.picked),
    recall: sum((member) => member.relevantPicked) / sum((member) => member.attainable),
    pairs: items * LABELLED_PRODUCTS.length,
  };
}
