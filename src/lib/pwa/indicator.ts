/** The offline indicator: shown while the browser is offline (plain DOM, no framework). */

/** Shows `el` while offline, and marks the document (`html.is-offline`); returns the unsubscribe function. */
export function watchOfflineIndicator(el: HTMLElement | null, win: Window = window): () => void {
  const update = () => {
    const offline = win.navigator.onLine === false;
    if (el) el.hidden = !offline;
    win.document.documentElement.classList.toggle('is-offline', offline);
  };
  update();
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  return () => {
    win.removeEventListener('online', update);
    win.removeEventListener('offline', update);
  };
}
