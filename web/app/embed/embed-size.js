// The embed page tells the page that frames it how tall its content is,
// whenever that changes, so the frame can fit it without a scroll bar.
// Message: { type: 'ndcg-calc:height', height } (CSS pixels), sent to any
// origin: a height says nothing private. The iframe snippet of docs/embedding.md holds
// the few lines that listen for it.

export const HEIGHT_MESSAGE = 'ndcg-calc:height';

/** The height of the document's content (not of the frame around it). */
export function contentHeight(doc) {
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/** Starts reporting the height of `doc` to its parent frame; does nothing outside a frame. */
export function reportHeight(doc, win = globalThis) {
  if (!win.parent || win.parent === win || typeof ResizeObserver !== 'function') return null;
  let sent = -1;
  const send = () => {
    const height = contentHeight(doc);
    if (height === sent) return;
    sent = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(send);
  observer.observe(doc.documentElement);
  send();
  return observer;
}
