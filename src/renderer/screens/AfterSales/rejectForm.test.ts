import { describe, expect, it } from 'vitest';
import { evidenceUrlProblem, moveItem, reasonProblem, rejectDecision, removeItem } from './rejectForm';

describe('the reject form', () => {
  it('needs a reason that is not blank once trimmed, and sends it trimmed', () => {
    expect(reasonProblem('')).toMatch(/Give a reason/);
    expect(reasonProblem(' \n\t ')).toMatch(/Give a reason/);
    expect(reasonProblem(' Used ')).toBeNull();
    expect(rejectDecision('7', '  Used and damaged \n', ['https://a.example/1.png'])).toEqual({
      orderId: '7',
      isApproved: false,
      rejectDescription: 'Used and damaged',
      rejectImageUrls: ['https://a.example/1.png'],
    });
  });

  it('accepts https image addresses only, as they are typed', () => {
    expect(evidenceUrlProblem('', [])).toBeNull();
    expect(evidenceUrlProblem('https://img.example/proof.png', [])).toBeNull();
    expect(evidenceUrlProblem('  https://img.example/proof.png ', [])).toBeNull();
    expect(evidenceUrlProblem('http://img.example/proof.png', [])).toMatch(/Only https/);
    expect(evidenceUrlProblem('javascript:alert(1)', [])).toMatch(/Only https/);
    expect(evidenceUrlProblem('data:image/png;base64,AAAA', [])).toMatch(/Only https/);
    expect(evidenceUrlProblem('img.example/proof.png', [])).toMatch(/Not a web address/);
    expect(evidenceUrlProblem('https://', [])).toMatch(/Not a web address|no host/);
    expect(evidenceUrlProblem('https://img.example/a b.png', [])).toMatch(/no spaces/);
    expect(evidenceUrlProblem('https://user:pw@img.example/a.png', [])).toMatch(/user name or password/);
    expect(evidenceUrlProblem('https://img.example/a.png', ['https://img.example/a.png'])).toMatch(/already/);
  });

  it('moves and removes images, and leaves the list as it is for a move past either end', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 1)).toEqual(list);
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
