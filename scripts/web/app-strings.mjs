// The pages' apps travel with their string literals taken out of the code
// and set before it, one after another: like texts sit together and the
// code around them reads alike, so LZMA packs the two parts about 1 KB
// smaller than the app as it is (the full page's app 68,988 -> 67,947
// bytes). The page's loader puts each string back, written by
// JSON.stringify, which the build does too, so the started script (and
// the hash the policy allows it by) is the same text in both.
import { parse } from 'acorn';

const STRING = '\u0001'; // where a string stood in the code
const CODE = '\u0002'; // between the strings and the code

/** The app's strings, each ended by \0, then the code with a mark for each. */
export function splitStrings(code) {
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
  strings.sort((a, b) => a.start - b.start);
  let rest = '';
  let at = 0;
  for (const node of strings) {
    rest += code.slice(at, node.start) + STRING;
    at = node.end;
  }
  rest += code.slice(at);
  const values = strings.map((node) => node.value);
  if (rest.includes(CODE) || rest.split(STRING).length - 1 !== strings.length) {
    throw new Error('the app holds the characters U+0001 or U+0002 outside its strings');
  }
  if (values.some((v) => /[\0\u0002]/.test(v))) throw new Error('a string of the app holds U+0000 or U+0002');
  return values.join('\0') + CODE + rest;
}

/**
 * The app as the page starts it: each string put back where it stood.
 * Its source is written into the page's loader (build-page.mjs), so it is
 * plain, self-contained ES5.
 */
export function joinStrings(text) {
  var at = text.indexOf('\u0002'), values = text.slice(0, at).split('\u0000'), i = 0;
  return text.slice(at + 1).replace(/\u0001/g, function () { return JSON.stringify(values[i++]); });
}
