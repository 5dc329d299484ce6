import { describe, expect, it } from 'vitest';
import { wordsOf } from './draw-grid';

describe('wordsOf', () => {
  it('cuts after a figure that a unit follows, so the unit never breaks inside', () => {
    expect(wordsOf('100积分')).toEqual(['100', '积分']);
    expect(wordsOf('满100减10元券')).toEqual(['满100', '减10', '元券']);
    expect(wordsOf('5元话费')).toEqual(['5', '元话费']);
  });

  it('keeps a figure with its point, comma, percent sign or space, and a name without a figure whole', () => {
    expect(wordsOf('1,000积分')).toEqual(['1,000', '积分']);
    expect(wordsOf('9.5折券')).toEqual(['9.5', '折券']);
    expect(wordsOf('10%加息券')).toEqual(['10%加息券']);
    expect(wordsOf('8 元')).toEqual(['8 元']);
    expect(wordsOf('谢谢参与')).toEqual(['谢谢参与']);
    expect(wordsOf('')).toEqual(['']);
  });

  it('cuts where the lookbehind expression it replaces cut', () => {
    // The expression iOS Safari before 16.4 cannot parse, built at run time here (Node can).
    const lookbehind = new RegExp('(?<=\\d)(?=[^\\d\\s.,%])');
    for (const name of ['100积分', '满100减10元券', '1,000积分', '9.5折券', '10%加息券', '8 元', '谢谢参与', 'iPhone15', '2积分2', '12a3b', '1😀', '']) {
      expect(wordsOf(name), name).toEqual(name.split(lookbehind));
    }
  });
});
