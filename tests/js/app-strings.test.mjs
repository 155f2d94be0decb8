// The pages' apps packed with their strings set before their code
// (scripts/web/app-strings.mjs): the code the loader puts back computes what
// the app computed, with every kind of string in its place, and an app
// whose code holds the marks is refused rather than packed wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { joinStrings, splitStrings } from '../../scripts/web/app-strings.mjs';

const APP = `'use strict';
var t = { en: { hi: 'say "hi"', q: "it's" }, zh: { hi: '说“你好”' }, 'a-b': '\\u2028\\n\\t\\\\' };
var re = /'["]/g, tpl = \`x\${t.en.q}y\`, pick = t['a-b'] + (1 < 2 ? "" : 'no');
out = JSON.stringify([t, re.source, tpl, pick, typeof this]);`;

test('the app the loader starts computes what the app computed', () => {
  const split = splitStrings(APP);
  assert.ok(split.startsWith('说“你好”\u0002use strict\0say "hi"\0it\'s\0'), split.slice(0, 40));
  const joined = joinStrings(split);
  assert.notEqual(joined, APP);
  const [a, b] = [{ out: null }, { out: null }];
  runInNewContext(APP, a);
  runInNewContext(joined, b);
  assert.equal(b.out, a.out);
  assert.match(a.out, /说“你好”/);
  // The directive is still the first statement, so strict mode still holds.
  assert.ok(joined.startsWith('"use strict";'), joined.slice(0, 20));
});

test('the full page\'s strings all come back in order, the Chinese ones listed first', () => {
  const app = 'var a=["x","y"],b={"k":"v"};c("z",a,b);';
  assert.equal(splitStrings(app), '\u0002x\0y\0k\0v\0z\u0002var a=[\u0001,\u0001],b={\u0001:\u0001};c(\u0001,a,b);');
  assert.equal(joinStrings(splitStrings(app)), app);
  const mixed = 'var t={en:{a:"one",b:"two"},zh:["一","二"]},s="，",q="a—b";';
  assert.equal(splitStrings(mixed), '一\0二\0，\u0002one\0two\0a—b\u0002var t={en:{a:\u0001,b:\u0001},zh:[\u0003,\u0003]},s=\u0003,q=\u0001;');
  assert.equal(joinStrings(splitStrings(mixed)), mixed);
});

test('an app holding the marks is refused', () => {
  assert.throws(() => splitStrings('var r=/\u0001/;'), /U\+0001, U\+0002 or U\+0003 outside its strings/);
  assert.throws(() => splitStrings('var r=`\u0002`;'), /U\+0001, U\+0002 or U\+0003 outside its strings/);
  assert.throws(() => splitStrings('var r=`\u0003`;'), /U\+0001, U\+0002 or U\+0003 outside its strings/);
  assert.throws(() => splitStrings('var s="a\\u0000b";'), /a string of the app holds U\+0000 or U\+0002/);
});
