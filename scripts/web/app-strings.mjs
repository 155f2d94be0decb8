// The pages' apps travel with their string literals taken out of the code
// and set before it, one after another: like texts sit together and the
// code around them reads alike, so LZMA packs the parts about 1 KB smaller
// than the app as it is (the full page's app 68,988 -> 67,947 bytes). The
// Chinese strings go first, as a list of their own: UTF-8 Chinese and
// ASCII are packed best apart (another 0.4 KB: 67,941 -> 67,567). The
// page's loader puts each string back, written by JSON.stringify, which the
// build does too, so the started script (and the hash the policy allows it
// by) is the same text in both.
import { parse } from 'acorn';

const STRING = '\u0001'; // where a string of the other list stood in the code
const CODE = '\u0002'; // between the lists, and before the code
const CHINESE = '\u0003'; // where a Chinese string stood
const isChinese = (value) => /[\u3000-\u9fff\uff00-\uffef]/.test(value);

function literals(code) {
  const strings = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'Literal' && typeof node.value === 'string') strings.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(parse(code, { ecmaVersion: 'latest' }));
  return strings.sort((a, b) => a.start - b.start);
}

/**
 * The app's Chinese strings, each ended by \0, then the other strings, then
 * the code with a mark for each (U+0003 for a Chinese string, U+0001 for another).
 */
export function splitStrings(code) {
  const strings = literals(code);
  const lists = [[], []];
  let rest = '';
  let at = 0;
  for (const node of strings) {
    const chinese = isChinese(node.value);
    rest += code.slice(at, node.start) + (chinese ? CHINESE : STRING);
    lists[chinese ? 0 : 1].push(node.value);
    at = node.end;
  }
  rest += code.slice(at);
  if (/[\u0002]/.test(rest) || rest.split(/[\u0001\u0003]/).length - 1 !== strings.length) {
    throw new Error('the app holds the characters U+0001, U+0002 or U+0003 outside its strings');
  }
  if (strings.some((node) => /[\0\u0002]/.test(node.value))) throw new Error('a string of the app holds U+0000 or U+0002');
  return lists.map((list) => list.join('\0')).join(CODE) + CODE + rest;
}

/**
 * The app as the page starts it: each string put back where it stood.
 * Its source is written into the page's loader (build-page.mjs), so it is
 * plain, self-contained ES5.
 */
export function joinStrings(text) {
  var parts = text.split('\u0002'), lists = { '\u0003': parts[0].split('\u0000'), '\u0001': parts[1].split('\u0000') }, at = { '\u0003': 0, '\u0001': 0 };
  return parts[2].replace(/[\u0001\u0003]/g, function (m) { return JSON.stringify(lists[m][at[m]++]); });
}
