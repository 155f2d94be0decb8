// The pages' text tables bundled with each Chinese table's keys written once:
// where a table's `zh` has exactly the keys of its `en`, in the same order
// (nested tables too), the bundle carries zh as its values alone, in that
// order, and builds the object from en's keys when the page starts. The
// files stay as they are (both languages keyed, side by side); a table
// whose keys differ, or that spreads, computes a key or has a key a number
// could be (whose order in an object is not the order written), is kept as
// it is written.
import { readFileSync } from 'node:fs';
import { parse } from 'acorn';

const keyOf = (p) => (p.type === 'Property' && !p.computed && p.kind === 'init' && !p.method
  ? (p.key.type === 'Identifier' ? p.key.name : typeof p.key.value === 'string' ? p.key.value : null) : null);
const isObject = (n) => n && n.type === 'ObjectExpression';
// Values that are no plain object when the page runs (so en's shape is its object literals alone; a list is one value).
const LEAVES = new Set(['Literal', 'TemplateLiteral', 'ArrowFunctionExpression', 'FunctionExpression', 'BinaryExpression', 'ArrayExpression']);
const isLeaf = (n) => LEAVES.has(n.type) && !(n.type === 'Literal' && n.value === null);

/** The values of `zh` in en's order (nested tables flattened), or null when the two differ in shape. */
function valuesAlike(en, zh, source) {
  if (en.properties.length !== zh.properties.length) return null;
  const out = [];
  for (let i = 0; i < en.properties.length; i++) {
    const [a, b] = [en.properties[i], zh.properties[i]];
    const key = keyOf(a);
    if (key === null || key !== keyOf(b) || /^\d/.test(key)) return null;
    if (isObject(a.value) !== isObject(b.value) || (!isObject(a.value) && !(isLeaf(a.value) && isLeaf(b.value)))) return null;
    if (isObject(a.value)) {
      const inner = valuesAlike(a.value, b.value, source);
      if (!inner) return null;
      out.push(...inner);
    } else {
      out.push(source.slice(b.value.start, b.value.end));
    }
  }
  return out;
}

// The runtime half, one module every compacted file imports: zh rebuilt
// from en's keys (for-in order is the written order: no number-like keys).
const HELPER = 'export function zhOf(en, values) { let i = 0; const build = (shape) => { const out = {}; ' +
  "for (const key in shape) { const v = shape[key]; out[key] = v !== null && typeof v === 'object' && !Array.isArray(v) ? build(v) : values[i++]; } " +
  'return out; }; return build(en); }\n';

/** Every en/zh pair of `source`: `const en = {...}; const zh = {...}` and `{ en: {...}, zh: {...} }`. */
function pairsOf(ast) {
  const pairs = [];
  const declared = {};
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && isObject(node.init)) declared[node.id.name] = node.init;
    if (isObject(node)) {
      const en = node.properties.find((p) => keyOf(p) === 'en');
      const zh = node.properties.find((p) => keyOf(p) === 'zh');
      if (en && zh && isObject(en.value) && isObject(zh.value)) pairs.push({ en: en.value, zh: zh.value, enRef: null });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  if (declared.en && declared.zh) pairs.push({ en: declared.en, zh: declared.zh, enRef: 'en' });
  return pairs;
}

/** `source` with each alike zh table written as its values. */
export function compactTexts(source) {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const edits = [];
  for (const { en, zh, enRef } of pairsOf(ast)) {
    const values = valuesAlike(en, zh, source);
    if (!values) continue;
    // An inline en is named where it stands, so zh can read it.
    const ref = enRef || `__en${edits.length}`;
    if (!enRef) edits.push({ start: en.start, end: en.start, text: `${ref} = ` });
    edits.push({ start: zh.start, end: zh.end, text: `zhOf(${ref}, [${values.join(', ')}])` });
  }
  if (!edits.length) return source;
  let out = source;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  const names = edits.filter((e) => e.text.endsWith(' = ')).map((e) => e.text.slice(0, -3));
  return `import { zhOf } from 'ndcg:zh-of';\n${names.length ? `let ${names.join(', ')};\n` : ''}${out}`;
}

/** The esbuild plugin: every *-texts.js file of web/app compacted. */
export const textsPlugin = {
  name: 'ndcg-texts',
  setup(b) {
    b.onLoad({ filter: /web\/app\/.*-texts\.js$/ }, (args) => ({ contents: compactTexts(readFileSync(args.path, 'utf8')), loader: 'js' }));
    b.onResolve({ filter: /^ndcg:zh-of$/ }, (args) => ({ path: args.path, namespace: 'ndcg-texts' }));
    b.onLoad({ filter: /.*/, namespace: 'ndcg-texts' }, () => ({ contents: HELPER, loader: 'js' }));
  },
};
