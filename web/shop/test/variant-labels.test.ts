import { describe, expect, it } from 'vitest';
import { versionLabels, versionLegend } from '../src/shopping/variant-labels.js';

describe("a product's versions in the detail's picker", () => {
  it('are told apart by the detail in brackets that differs', () => {
    const shoes = versionLabels(['Nike Air Zoom Pegasus 41 Running Shoes (UK 8)', 'Nike Air Zoom Pegasus 41 Running Shoes (UK 9)']);
    expect(shoes).toEqual(['UK 8', 'UK 9']);
    expect(versionLegend(shoes)).toBe('Size');
    const phones = versionLabels([
      'Samsung Galaxy S24 5G (8 GB RAM, 256 GB, Onyx Black)',
      'Samsung Galaxy S24 5G (8 GB RAM, 512 GB, Marble Grey)',
    ]);
    expect(phones).toEqual(['256 GB, Onyx Black', '512 GB, Marble Grey']);
    expect(versionLegend(phones)).toBe('Options');
    expect(versionLegend(versionLabels(['Track Jacket (M)', 'Track Jacket (XL)', 'Track Jacket (S)']))).toBe('Size');
  });

  it('are named in full when their names do not follow one pattern', () => {
    const names = ['Pegasus 41 (UK 8)', 'Pegasus 41 Trail (UK 9)'];
    expect(versionLabels(names)).toEqual(names);
    expect(versionLabels(['Red Kettle', 'Blue Kettle'])).toEqual(['Red Kettle', 'Blue Kettle']);
    expect(versionLabels(['Kettle (Red)', 'Kettle (red)'])).toEqual(['Kettle (Red)', 'Kettle (red)']);
    expect(versionLegend(['Red Kettle', 'Blue Kettle'])).toBe('Options');
  });
});
