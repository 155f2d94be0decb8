// How the page words numbers and limits: a minus sign in tables and prose,
// a range open at the top running to ∞, 2⁵³ − 1 as such.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText } from '../../web/app/shared/i18n.js';
import { fixed, plain } from '../../web/app/shared/templates/numbers.js';

test('negative numbers take the minus sign (U+2212); zero never shows one', () => {
  assert.equal(fixed(-0.5, 3), '−0.500');
  assert.equal(fixed(-0.0001, 3), '0.000');
  assert.equal(plain(-2), '−2');
  assert.equal(fixed(1.25, 2), '1.25');
});

test('a range open at the top runs to ∞, not to “no limit”; 2^53 − 1 as a power of two', () => {
  const range = (found, min, max) => ({ code: 'out-of-range', source: 'options', key: 'k', message: 'x', args: { found, min, max } });
  assert.equal(errorText('en', range('-1', '0', '9007199254740991')), 'Cutoff K: “-1” is outside the allowed range, 0 to 2⁵³ − 1.');
  assert.equal(errorText('en', { ...range('0.5', '1', ''), key: 'logBase' }), 'Log base of the discount: “0.5” is outside the allowed range, 1 to ∞.');
  assert.doesNotMatch(errorText('zh', range('0.5', '1', '')), /不限/);
});

test('the examples page counts the relevant results below an irrelevant one from its own example, in both languages', async () => {
  const { readFileSync } = await import('node:fs');
  const html = readFileSync(new URL('../../web/examples.html', import.meta.url), 'utf8');
  for (const [lang, words] of [['en', ['no', 'one', 'two', 'three', 'four', 'five']], ['zh-CN', ['零', '一', '两', '三', '四', '五']]]) {
    const article = html.slice(html.indexOf(`<article lang="${lang}">`)).split('</article>')[0];
    const grades = article.match(/grades="([\d,]+)"/)[1].split(',').map(Number);
    // A relevant result is "below an irrelevant one" when some grade 0 comes before it.
    const firstZero = grades.indexOf(0);
    const below = grades.filter((g, i) => g > 0 && firstZero >= 0 && i > firstZero).length;
    assert.equal(below, 3);
    const intro = article.match(/<p>((?:(?!<\/p>)[\s\S])*)<\/p>/g)[0];
    const said = lang === 'en' ? new RegExp(`\\b${words[below]} relevant results below an irrelevant one`) : new RegExp(`${words[below]}个相关结果排在了不相关结果之后`);
    assert.match(intro, said, `${lang}: the count in the intro`);
  }
});
