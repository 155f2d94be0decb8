// Writes python/ndcg_calc/__init__.pyi from python/types/__init__.pyi.in and
// the core's result field lists (cpp/include/ndcg/result_fields.hpp): each
// `#@fields LIST [-name ...] [optional-when]` line becomes the list's fields
// as attributes with their docs, and `#@typeddicts` the TypedDicts of the
// lists those fields name (Step, Comparison, ...). Unlike the .d.ts, which
// the web build writes from the built module, this reads only the header,
// so its output is committed (a source checkout and pip install need no
// generator) and tests/python/test_stubs.py fails when it is stale.
//   node scripts/types/build-stubs.mjs          write the file
//   node scripts/types/build-stubs.mjs --check  exit 1 when the file differs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docOf, fieldLists, namedLists, parseType, typeName } from './field-lists.mjs';

const OUTSIDE = { Preset: 'str', HolmTest: 'str', Options: 'dict[str, Any]', Error: 'dict[str, Any]' };
const BASIC = { int: 'int', float: 'float', bool: 'bool', str: 'str', null: 'None' };

function pyUnion(trees) {
  if (trees.every((t) => t.pair)) return `list[${pyUnion(trees.flatMap((t) => t.pair))}]`;  // [a, b] | [null, null]
  const inner = trees.flatMap((t) => (t.nullable ? [t.nullable, { name: 'null' }] : [t]));
  if (inner.every((t) => t.literal !== undefined)) return `Literal[${inner.map((t) => `'${t.literal}'`).join(', ')}]`;
  const parts = [...new Set(inner.map((t) => (t.literal !== undefined ? 'str' : pyType(t))))];
  const some = parts.filter((p) => p !== 'None');
  if (!some.length) return 'None';
  const one = some.length === 1 ? some[0] : `Union[${some.join(', ')}]`;
  return parts.includes('None') ? `Optional[${one}]` : one;
}

/** A type of the lists as Python spells it. */
export function pyType(tree) {
  if (tree.union) return pyUnion(tree.union);
  if (tree.nullable) return `Optional[${pyType(tree.nullable)}]`;
  if (tree.list) return `list[${pyType(tree.list)}]`;
  if (tree.record) return `dict[str, ${pyType(tree.record)}]`;
  if (tree.pair) return `list[${pyUnion(tree.pair)}]`;
  if (tree.literal !== undefined) return `Literal['${tree.literal}']`;
  return BASIC[tree.name] || OUTSIDE[tree.name] || `_${tree.name}`;
}

const docLine = (f, indent) => `${indent}"""${docOf(f).replace(/"""/g, "'''")}"""`;

function attributes(fields, optionalWhen, indent = '    ') {
  return fields.flatMap((f) => {
    const type = pyType(parseType(f.type));
    return [`${indent}${f.name}: ${f.when && optionalWhen && !type.startsWith('Optional[') ? `Optional[${type}]` : type}`, docLine(f, indent)];
  });
}

function typedDict(list, fields) {
  const lines = fields.flatMap((f) => {
    const type = pyType(parseType(f.type));
    return [`    ${f.name}: ${f.when ? `NotRequired[${type}]` : type}`, docLine(f, '    ')];
  });
  return [`class _${typeName(list)}(TypedDict):`, ...lines, ''];
}

/** The stubs' text from the template and the lists. */
export function stubs(root) {
  const lists = fieldLists(root);
  const template = readFileSync(join(root, 'python', 'types', '__init__.pyi.in'), 'utf8');
  const needed = new Set();
  const lines = template.split('\n').flatMap((line) => {
    const m = line.match(/^(\s*)#@fields (\w+)(.*)$/);
    if (!m) return [line];
    const words = m[3].trim().split(/\s+/).filter(Boolean);
    const fields = lists[m[2]];
    if (!fields) throw new Error(`__init__.pyi.in: no field list ${m[2]}`);
    const kept = fields.filter((f) => !words.includes(`-${f.name}`) && (!words.some((w) => /^[a-z_]+$/.test(w) && w !== 'optional-when') || words.includes(f.name)));
    for (const f of kept) namedLists(parseType(f.type), lists, needed);
    return attributes(kept, words.includes('optional-when'), m[1]);
  });
  const dicts = Object.keys(lists).filter((l) => needed.has(l)).flatMap((l) => typedDict(l, lists[l]));
  return lines.join('\n').replace('#@typeddicts\n', `${dicts.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const target = join(root, 'python', 'ndcg_calc', '__init__.pyi');
  const text = stubs(root);
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== text) {
      console.error('python/ndcg_calc/__init__.pyi is stale: run node scripts/types/build-stubs.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
  }
}
