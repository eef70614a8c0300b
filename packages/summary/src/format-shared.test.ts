import { describe, expect, it } from '@jest/globals';
import { csv } from './format-shared.js';

describe('csv', () => {
  it('27.20 text a spreadsheet would run as a formula starts with a quote', () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1+2', '-1+A1', '@SUM(A1:A2)', '\t=1', '\r=1'];
    expect(csv([cells]).trimEnd().split(',')[0]).toBe(`"'=HYPERLINK(""http://x""`);
    expect(csv([cells.slice(1)])).toBe(`'+1+2,'-1+A1,'@SUM(A1:A2),'\t=1,"'\r=1"\n`);
  });
  it('numbers stay numbers, negative ones and numbers given as text included; ordinary text is unchanged', () => {
    expect(csv([[-0.5, '-0.25', '+1e-3', 0, 'org/model-a', 'a-b', null]])).toBe(
      '-0.5,-0.25,+1e-3,0,org/model-a,a-b,\n',
    );
  });
});
