import { describe, expect, it } from 'vitest';
import { firstListedIdOf } from '../api/sendAttempt';
import { smallerPageSize } from './oversizePages';

describe('pages too large to read', () => {
  it('shrink through divisors, so the smaller pages tile the same list positions', () => {
    const chain = [100];
    while (chain.at(-1)! > 1) chain.push(smallerPageSize(chain.at(-1)!));
    expect(chain).toEqual([100, 50, 25, 5, 1]);
    expect(smallerPageSize(7)).toBe(1);
  });

  it("name the first listed order from the answer's first characters, never a nested one", () => {
    expect(
      firstListedIdOf('{"code":"0000","data":{"totalCount":3,"list":[{"id":1575510000000000030,"remark":"xxxx'),
    ).toBe('1575510000000000030');
    expect(firstListedIdOf('{"data":{"list":[ {"orderNum":"A","id":"42","remark":"x')).toBe('42');
    expect(firstListedIdOf('{"data":{"list":[{"remark":"xxxxxxxx')).toBeUndefined();
    expect(firstListedIdOf('{"data":{"list":[{"orderItems":[{"id":7}],"id":8')).toBeUndefined();
    expect(firstListedIdOf('{"data":{"list":[]}}')).toBeUndefined();
  });
});
