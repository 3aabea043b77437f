import { describe, expect, it } from 'vitest';
import { apiParams, filterObject, hasFilters } from './filters.ts';

describe('the contact filters in the URL', () => {
  it('keeps only the API keys that apply to the entity', () => {
    const url = new URLSearchParams('aba=pessoas&q=ana&legalBasis=consentimento&hasEmail=true&sort=created&dir=desc&importar=1');
    expect(apiParams(url, 'people').toString()).toBe('q=ana&hasEmail=true&legalBasis=consentimento&sort=created&dir=desc');
    expect(apiParams(url, 'organizations').toString()).toBe('q=ana&hasEmail=true&sort=created&dir=desc');
  });

  it('turns the filter (not the sort) into a segment with booleans', () => {
    const params = new URLSearchParams('tag=vip&hasEmail=false&noOwner=true&sort=name&dir=asc');
    expect(filterObject(params)).toEqual({ tag: 'vip', hasEmail: false, noOwner: true });
    expect(hasFilters(params)).toBe(true);
    expect(hasFilters(new URLSearchParams('sort=name&dir=desc'))).toBe(false);
  });
});
