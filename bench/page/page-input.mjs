// What the page benchmarks do to the ranking box.

/** Replaces the box's text as one input event, with the caret at the end. */
export async function setRanking(page, text) {
  await page.evaluate((value) => {
    const box = document.querySelector('#ranking');
    box.value = value;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.focus();
    box.setSelectionRange(value.length, value.length);
  }, text);
}
