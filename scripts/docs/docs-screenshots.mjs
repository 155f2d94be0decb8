// Writes docs/embedding.md's pictures of dist/examples.html (docs/examples-*.png):
// the top of the English post and of the Chinese one. Run after a build:
// node scripts/docs/docs-screenshots.mjs
import { join } from 'node:path';
import { launch, root, serveDist } from '../../tests/browser/_helpers.mjs';

const browser = await launch({ full: true });
const server = await serveDist();
const page = await browser.newPage({ viewport: { width: 760, height: 900 }, colorScheme: 'light' });
await page.goto(server.url('examples.html'));
await page.waitForFunction(() => Array.from(document.querySelectorAll('ndcg-calc')).every((el) => el.result));
await page.waitForFunction(() => Array.from(document.querySelectorAll('iframe')).every((f) => f.contentDocument?.getElementById('headline')));
await page.waitForTimeout(300);
for (const [name, selector] of [['en', 'article[lang="en"]'], ['zh', 'article[lang="zh-CN"]']]) {
  const top = await page.locator(selector).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({ path: join(root, 'docs', `examples-${name}.png`), fullPage: true, clip: { x: 0, y: top, width: 760, height: 900 } });
}
await browser.close();
await server.close();
