import { describe, expect, it } from 'vitest';
import { safeNextPage, withNextPage } from './nextPage';

describe('safeNextPage', () => {
  it.each([
    ['/event/detail?id=01JD5Y3Z8Q9X7V6T5S4R3P2N1M', true],
    ['/profile', true],
    ['//evil.example/', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['event/detail', false],
    ['/a b', false],
    ['/ok\nx', false],
    ['/event#top', false],
    [`/${'a'.repeat(600)}`, false],
    ['', false],
    [null, false],
  ])('%s → followed: %s', (next, followed) => {
    expect(safeNextPage(next)).toBe(followed ? next : null);
  });
});

describe('withNextPage', () => {
  it('adds a safe next, escaped, and leaves out an unsafe one', () => {
    expect(withNextPage('/login', '/event/detail?id=E1')).toBe('/login?next=%2Fevent%2Fdetail%3Fid%3DE1');
    expect(withNextPage('/login', '//evil.example')).toBe('/login');
    expect(withNextPage('/login', null)).toBe('/login');
  });
});
