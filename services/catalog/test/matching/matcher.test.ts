import { describe, expect, it } from 'vitest';
import { Matcher } from '../../src/domain/matching/matcher.js';
import { singular, withinTypos } from '../../src/domain/matching/words.js';
import { measureQuality, TARGETS } from './labelled-set.js';

const catalogue = [
  { id: 'fryer', name: 'Philips Essential Airfryer HD9200, 4.1 L', brand: 'Philips', category: 'Home & Garden' },
  { id: 'fridge', name: 'LG 242 L Frost-Free Double Door Refrigerator', brand: 'LG', category: 'Home & Garden' },
  { id: 'mixer', name: 'Bajaj Rex 500 W Mixer Grinder with 3 Jars', brand: 'Bajaj', category: 'Home & Garden' },
  { id: 'ac', name: 'Voltas 1.5 Ton Inverter Split Air Conditioner', brand: 'Voltas', category: 'Home & Garden' },
  { id: 'buds', name: 'boAt Airdopes 141 True Wireless Earbuds', brand: 'boAt', category: 'Electronics' },
  { id: 'phone', name: 'Galaxy S24 5G (8 GB RAM, 256 GB)', brand: 'Samsung', category: 'Electronics', pricePaise: 6_499_900 },
  { id: 'redmi', name: 'Redmi Note 13 5G', brand: 'Xiaomi', category: 'Electronics', pricePaise: 1_699_900 },
  { id: 'specs', name: 'Vincent Chase Spectacles', brand: 'Lenskart', category: 'Beauty & Personal Care' },
  { id: 'backpack', name: 'Quechua NH100 20 L Hiking Backpack', brand: 'Decathlon', category: 'Sports & Outdoors' },
  { id: 'socks', name: 'Pack of 3 Ankle Socks', brand: 'Wildcraft', category: 'Clothing' },
  { id: 'headphones', name: 'WH-1000XM5 Noise Cancelling Headphones', brand: 'Sony', category: 'Electronics' },
  { id: 'shirt', name: 'Regular Fit Polo T-shirt', brand: 'Puma', category: 'Clothing' },
  { id: 'shoes', name: 'Air Zoom Pegasus 41 Running Shoes', brand: 'Nike', category: 'Clothing' },
  { id: 'laptop', name: 'MacBook Air 13-inch M3', brand: 'Apple', category: 'Electronics' },
];
const matcher = new Matcher(catalogue);
const found = (item: string) => matcher.matchesOf(item).map((match) => match.productId);

describe('the list-item matcher', () => {
  it('finds words joined or split as the catalogue does not write them', () => {
    expect(found('air fryer')).toEqual(['fryer']);
    expect(found('Airfryer')).toEqual(['fryer']);
    expect(found('ear buds')).toEqual(['buds']);
    expect(found('tshirt')).toEqual(['shirt']);
    expect(found('back pack')).toEqual(['backpack']);
    expect(matcher.matchesOf('air fryer')[0]?.via).toContain('joined');
  });

  it('reads plurals as their singular', () => {
    expect(['earbud', 'watch', 'battery', 'glass']).toEqual(['earbuds', 'watches', 'batteries', 'glass'].map(singular));
    expect(found('running shoe')).toEqual(['shoes']);
    expect(found('refrigerators')).toEqual(['fridge']);
  });

  it('forgives small typos by word length, never at the start or in numbers', () => {
    expect(found('headphnes')).toEqual(['headphones']);
    expect(found('refrigirator')).toEqual(['fridge']);
    expect(matcher.matchesOf('headphnes')[0]?.via).toEqual(['typo']);
    expect(withinTypos('skirt', 'shirt', 1)).toBe(false);
    expect(withinTypos('sock', 'rock', 1)).toBe(false);
    expect(found('skirt')).toEqual([]);
    expect(found('galaxy s23')).toEqual(['phone']);
    expect(matcher.matchesOf('galaxy s23')[0]?.score).toBeLessThan(matcher.matchesOf('galaxy s24')[0]?.score ?? 0);
  });

  it('knows the Indian names of things from the curated table', () => {
    expect(found('fridge')).toEqual(['fridge']);
    expect(found('mixie')).toEqual(['mixer']);
    expect(found('AC')).toEqual(['ac']);
    expect(found('TWS')).toEqual(['buds']);
    expect(found('mobile')).toEqual(['phone', 'redmi']);
    expect(found('specs')).toEqual(['specs']);
    expect(found('chashma')).toEqual(['specs']);
    expect(found('laptop')).toEqual(['laptop']);
    expect(matcher.matchesOf('fridge')[0]?.via).toEqual(['synonym']);
  });

  it('never finds a word inside another', () => {
    expect(found('pack')).toEqual(['socks']);
    expect(found('air')).toEqual(['ac', 'shoes', 'laptop']);
    expect(found('phone')).not.toContain('headphones');
  });

  it('wants the kind of thing the item names, not any of its words', () => {
    expect(found('noise cancelling earbuds')).toEqual([]);
    expect(found('noise cancelling headphones')).toEqual(['headphones']);
    expect(found('air conditioner')).toEqual(['ac']);
    expect(found('macbook air')).toEqual(['laptop']);
    expect(found('shoes for running')).toEqual(['shoes']);
  });

  it('answers a category only when the item is the category', () => {
    expect(found('electronics')).toEqual(['buds', 'phone', 'redmi', 'headphones', 'laptop']);
    expect(found('electronics gift')).toEqual([]);
    expect(matcher.matchesOf('electronics')[0]?.via).toEqual(['category']);
  });

  it('keeps to a budget the item states', () => {
    expect(found('phone under 20000')).toEqual(['redmi']);
    expect(found('mobile below Rs 70,000')).toEqual(['phone', 'redmi']);
    expect(found('phone within 10k')).toEqual([]);
  });

  it('ranks the closer match first, ties in the catalogue order', () => {
    expect(found('samsung galaxy phone')).toEqual(['phone']);
    expect(found('5g')).toEqual(['phone', 'redmi']);
    expect(found('the best new')).toEqual([]);
  });

  it('meets its targets on the labelled set', () => {
    const quality = measureQuality();
    expect(quality.pairs).toBeGreaterThanOrEqual(200);
    expect(quality.precision).toBeGreaterThanOrEqual(TARGETS.precision);
    expect(quality.recall).toBeGreaterThanOrEqual(TARGETS.recall);
  });
});
