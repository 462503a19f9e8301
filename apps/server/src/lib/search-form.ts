/** Characters of scripts written without spaces (Chinese, Japanese kana, Korean), where one- and two-character words are common. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;

/**
 * The form a text is stored and searched in with pg_trgm (the market's and the library's rule): lower-cased, with
 * every CJK character tripled. pg_trgm indexes trigrams, so a one- or two-character Chinese word would otherwise
 * have none and scan every row; tripled, 全景 becomes 全全全景景景, whose trigrams the index finds. Tripling each
 * character keeps substring matches exact. A search term goes through the same function.
 */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(CJK, (c) => c + c + c);
}
