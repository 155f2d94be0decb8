// The core's result field lists (cpp/include/ndcg/result_fields.hpp) as
// data: { list name (step, trec_result, ...): [{ name, type, doc, when }] },
// and their type notation parsed into trees that the .d.ts and .pyi
// writers spell each in their language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STRING = '"((?:[^"\\\\]|\\\\.)*)"';
const ROW = new RegExp(`\\{\\s*${STRING}\\s*,\\s*${STRING}\\s*,\\s*${STRING}\\s*(?:,\\s*${STRING}\\s*)?\\}`, 'g');
const unescape = (s) => (s || '').replace(/\\(.)/g, '$1');

/** The lists, in the header's order. */
export function fieldLists(root) {
  const text = readFileSync(join(root, 'cpp', 'include', 'ndcg', 'result_fields.hpp'), 'utf8');
  const lists = {};
  for (const m of text.matchAll(/inline constexpr field_doc (\w+)_fields\[\] = \{([\s\S]*?)\n\};/g)) {
    lists[m[1]] = [...m[2].matchAll(ROW)].map((r) => ({ name: r[1], type: r[2], doc: unescape(r[3]), when: unescape(r[4]) }));
  }
  if (Object.keys(lists).length < 5) throw new Error('result_fields.hpp: no field lists found');
  return lists;
}

/** A field's doc, and when it is there: "Items without a judgment. Only with judgments." */
export const docOf = (f) => (f.when ? `${f.doc} Only ${f.when}.` : f.doc);

/** A list's name as its type is named: tie_range -> TieRange. */
export const typeName = (list) => list.replace(/(^|_)(\w)/g, (_, __, c) => c.toUpperCase());

/** snake_case -> camelCase, as the JS sink spells names. */
export const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());

/**
 * A type's text as a tree: {union: [..]}, {nullable: t}, {list: t},
 * {record: t}, {pair: [a, b]}, {literal: 'x'}, {name: 'int' | 'Step' | ...}.
 */
export function parseType(text) {
  const tokens = text.match(/'[^']*'|\w+|\[\]|[?|{}()[\],]/g);
  let at = 0;
  const take = (t) => {
    if (tokens[at] !== t) throw new Error(`type ${text}: expected ${t} at ${tokens[at] ?? 'the end'}`);
    at += 1;
  };
  function union() {
    const parts = [term()];
    while (tokens[at] === '|') {
      at += 1;
      parts.push(term());
    }
    return parts.length === 1 ? parts[0] : { union: parts };
  }
  function atom() {
    const t = tokens[at++];
    if (t === '(') return [union(), take(')')][0];
    if (t === '{') return [{ record: union() }, take('}')][0];
    if (t === '[') {
      const a = union();
      take(',');
      const b = union();
      take(']');
      return { pair: [a, b] };
    }
    if (t && t.startsWith("'")) return { literal: t.slice(1, -1) };
    if (t && /^\w+$/.test(t)) return { name: t };
    throw new Error(`type ${text}: unexpected ${t ?? 'end'}`);
  }
  function term() {
    let t = atom();
    for (;;) {
      if (tokens[at] === '?') t = { nullable: t };
      else if (tokens[at] === '[]') t = { list: t };
      else return t;
      at += 1;
    }
  }
  const tree = union();
  if (at !== tokens.length) throw new Error(`type ${text}: unexpected ${tokens[at]}`);
  return tree;
}

/** The lists a type names (Step[] -> step), for writing the types it needs. */
export function namedLists(tree, lists, into = new Set()) {
  if (tree.name) {
    const list = Object.keys(lists).find((l) => typeName(l) === tree.name);
    if (list && !into.has(list)) {
      into.add(list);
      for (const f of lists[list]) namedLists(parseType(f.type), lists, into);
    }
  }
  for (const inner of [tree.nullable, tree.list, tree.record, ...(tree.union || []), ...(tree.pair || [])]) {
    if (inner) namedLists(inner, lists, into);
  }
  return into;
}
