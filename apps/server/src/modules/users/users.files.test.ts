import { describe, expect, it } from 'vitest';
import { parseCsv } from './users.files';

describe('parseCsv', () => {
  it('reads LF, CRLF and lone CR line ends, mixed in one file, and drops a leading BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps commas, line ends and doubled quotes inside quoted fields', () => {
    expect(parseCsv('"a,1","say ""hi""","two\r\nlines"\n')).toEqual([['a,1', 'say "hi"', 'two\r\nlines']]);
  });

  it('keeps a quote inside an unquoted field as it is, and empty fields and blank lines', () => {
    expect(parseCsv('ab"c,,x\n\ny,""\n')).toEqual([['ab"c', '', 'x'], [''], ['y', '']]);
  });

  it('gives rows of different lengths as they are, and nothing for empty text', () => {
    expect(parseCsv('a\nb,c,d\n')).toEqual([['a'], ['b', 'c', 'd']]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });

  it('gives null for a file whose quote is never closed', () => {
    expect(parseCsv('a,"b\nc,d\n')).toBeNull();
  });
});
